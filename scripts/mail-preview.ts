// npm run mail:preview [-- <folder>]: every mail template's HTML and plain text with demo data (default .tmp/mail-preview).
import { resolve } from 'node:path';
import { writeMailPreviews } from '#server/modules/mail/templates/preview.ts';

const folder = resolve(process.argv[2] ?? '.tmp/mail-preview');
const files = await writeMailPreviews(folder);
console.log(`Wrote ${files.length} files to ${folder}; open ${resolve(folder, 'index.html')} in a browser.`);
