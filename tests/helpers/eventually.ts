/** Asks until `check` holds or `withinMs` has passed; answers whether it held. */
export async function holdsWithin(withinMs: number, check: () => Promise<boolean>): Promise<boolean> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    if (await check()) return true;
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
