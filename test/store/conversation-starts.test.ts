// Conversations started by the API's remembered answers are stored in batches: each start once, under its
// account; an id stored already, under any account, is left as it was. On every backend (PostgreSQL writes
// a batch in one statement).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { conversationAccount, startConversations } from "../../src/store/conversations.js";
import { openStore, type Mirror } from "../../src/store/open-mirror.js";
import { BACKENDS } from "../helpers/backends.js";

const AT = "2026-11-21T12:00:00.000Z";

describe.each(BACKENDS)("conversation starts on $name", (backend) => {
  let mirror: Mirror;

  beforeAll(async () => {
    mirror = await openStore(await backend.location());
  });

  afterAll(async () => {
    await mirror.close();
  });

  it("stores each start of a batch under its account, or none", async () => {
    await startConversations(mirror.db, [
      { id: "conv_batchA", accountId: "acme", state: "{}", at: AT },
      { id: "conv_batchB", accountId: null, state: "{}", at: AT },
    ]);
    expect(await conversationAccount(mirror.db, "conv_batchA")).toBe("acme");
    expect(await conversationAccount(mirror.db, "conv_batchB")).toBeNull();
    expect(await conversationAccount(mirror.db, "conv_batchC")).toBeUndefined();
  });

  it("leaves an id stored already, under another account too, as it was", async () => {
    await startConversations(mirror.db, [{ id: "conv_kept", accountId: "acme", state: "{}", at: AT }]);
    await startConversations(mirror.db, [
      { id: "conv_kept", accountId: "globex", state: "{}", at: AT },
      { id: "conv_kept", accountId: "acme", state: "{}", at: AT },
      { id: "conv_new", accountId: "globex", state: "{}", at: AT },
    ]);
    expect(await conversationAccount(mirror.db, "conv_kept")).toBe("acme");
    expect(await conversationAccount(mirror.db, "conv_new")).toBe("globex");
  });
});
