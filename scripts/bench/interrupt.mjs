// Ctrl-C (SIGINT) or SIGTERM while a benchmark runs. The shops it starts run in process groups of their
// own (so that stopping one reaches npm and the server behind it), which a terminal's Ctrl-C does not
// reach: without this they kept their ports, memory and data directories after the benchmark had gone.

/** What to undo if the benchmark is interrupted, oldest first. */
const undos = [];
let listening = false;

async function interrupted(signal) {
  console.error(`\n${signal}: stopping what the benchmark started…`);
  // Newest first: a shop stops before the directory it runs in is removed.
  for (const undo of undos.toReversed()) {
    try {
      await undo();
    } catch (error) {
      console.error(error instanceof Error ? error.message : error);
    }
  }
  process.exit(signal === 'SIGINT' ? 130 : 143);
}

/** Runs `undo` if the benchmark is interrupted; the function returned forgets it (once it is done with anyway). */
export function onInterrupt(undo) {
  if (!listening) {
    listening = true;
    // Once: a second Ctrl-C while stopping ends the benchmark at once, as it would have without this.
    for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, interrupted);
  }
  undos.push(undo);
  return () => {
    const index = undos.indexOf(undo);
    if (index !== -1) undos.splice(index, 1);
  };
}
