/**
 * The migrations are written once, in the types SQLite's schema uses; on
 * PostgreSQL this plugin reads their table definitions as PostgreSQL needs
 * them, so both engines get the same tables from the same migrations:
 *
 * - `real` is a double (PostgreSQL's real is a 4-byte float: money would lose cents);
 * - `integer` is a bigint (SQLite's integers are 8 bytes: counts of cents, epoch times);
 * - `text` compares byte by byte (collation "C"), as SQLite's text does, so
 *   sorting and ranges give the same order on both;
 * - an autoincrement integer key is an identity column;
 * - `without rowid` (SQLite's key-ordered table) is dropped;
 * - constraint names are left to PostgreSQL, which wants them unique per
 *   schema where SQLite wants them unique per table (a rebuilt table reuses its name).
 */
import {
  type ColumnDefinitionNode,
  GeneratedNode,
  OperationNodeTransformer,
  RawNode,
  type CreateTableNode,
  type KyselyPlugin,
  type OperationNode,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from "kysely";

const TYPES: Record<string, string> = {
  real: "double precision",
  integer: "bigint",
  text: 'text collate "C"',
};

function isWithoutRowid(node: OperationNode): boolean {
  return RawNode.is(node) && node.sqlFragments.join("").trim().toLowerCase() === "without rowid";
}

class SchemaTransformer extends OperationNodeTransformer {
  protected override transformCreateTable(node: CreateTableNode): CreateTableNode {
    const table = super.transformCreateTable(node);
    return {
      ...table,
      endModifiers: table.endModifiers?.filter((m) => !isWithoutRowid(m)),
      constraints: table.constraints?.map((c) => ({ ...c, name: undefined })) as CreateTableNode["constraints"],
    };
  }

  protected override transformColumnDefinition(node: ColumnDefinitionNode): ColumnDefinitionNode {
    const column = super.transformColumnDefinition(node);
    const declared =
      column.dataType.kind === "DataTypeNode"
        ? (column.dataType as unknown as { dataType: string }).dataType
        : undefined;
    const type = declared && TYPES[declared.toLowerCase()];
    let result: ColumnDefinitionNode = type ? { ...column, dataType: RawNode.createWithSql(type) } : column;
    if (result.autoIncrement) {
      result = {
        ...result,
        autoIncrement: false,
        generated: GeneratedNode.create({ identity: true, byDefault: true }),
      };
    }
    return result;
  }
}

/**
 * Applied to the migrations' Kysely handle on PostgreSQL only.
 *
 * @example
 * await migrateToLatest(db.withPlugin(new PostgresSchemaPlugin()));
 */
export class PostgresSchemaPlugin implements KyselyPlugin {
  private readonly transformer = new SchemaTransformer();

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return this.transformer.transformNode(args.node);
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}
