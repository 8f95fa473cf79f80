import type { Readable } from 'node:stream';

/**
 * How many long PDFs of one kind this process writes at once (decision 100). Each holds its fonts, a
 * page of rows and the PDF's index until its reader has it all, and takes the CPU between other
 * requests' turns: a bound on their number is a bound on both.
 */
export function printSlots(count: number) {
  let printing = 0;
  return {
    /**
     * Takes a slot for the PDF `write` makes, given back when that stream closes (read to its end, or its
     * reader gone); undefined, with nothing written, while every slot is taken.
     */
    async take<T extends Readable>(write: () => Promise<T>): Promise<T | undefined> {
      if (printing >= count) return undefined;
      printing += 1;
      const giveBack = () => {
        printing -= 1;
      };
      try {
        const pdf = await write();
        pdf.once('close', giveBack);
        return pdf;
      } catch (error) {
        giveBack();
        throw error;
      }
    },
  };
}
