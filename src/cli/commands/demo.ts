import type { Command } from "commander";
import type { ActionRunner } from "../program.js";

// Filled in with the demo generator.
export function registerDemoCommand(_program: Command, _run: ActionRunner): void {}
