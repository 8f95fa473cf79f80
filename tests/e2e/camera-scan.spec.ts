import { writeFileSync } from 'node:fs';
import { chromium } from '@playwright/test';
import bwipjs from 'bwip-js/node';
import sharp from 'sharp';
import type { Booking } from '#shared/consignment.ts';
import { CHROMIUM_PATH } from '../../playwright.config.ts';
import { payParcelFee, STANDARD_PARCEL } from '../helpers/parcels.ts';
import { call, signInAdmin, signUpCustomer } from '../helpers/shop-client.ts';
import { expect, test } from './fixtures.ts';
import { signInBrowser } from './sign-in.ts';

const WIDTH = 640;
const HEIGHT = 480;

/**
 * A camera's picture of a parcel's label, as a Y4M video Chromium plays as its camera: the tracking
 * code's Code 128 barcode, drawn as the label draws it, on white. Y4M 4:2:0 is the picture's grey
 * levels, then two planes of grey colour.
 */
async function labelVideo(trackingCode: string, path: string) {
  const barcode = await bwipjs.toBuffer({ bcid: 'code128', text: trackingCode, scale: 3, height: 14 });
  const grey = await sharp({ create: { width: WIDTH, height: HEIGHT, channels: 3, background: '#ffffff' } })
    .composite([{ input: barcode, gravity: 'center' }])
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const luma = grey.data.subarray(0, WIDTH * HEIGHT);
  const chroma = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  writeFileSync(
    path,
    Buffer.concat([Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\n`), frame, frame, frame]),
  );
}

test('an operator reads a parcel’s label with the camera on the scan screen, and moves it', async ({ server }) => {
  const sender = await signUpCustomer(server, { name: 'Asha Rahman' });
  const { trackingCode } = (
    await call<Booking>(server, 'POST', '/api/consignments', { token: sender.token, body: STANDARD_PARCEL })
  ).body;
  // Picked up once its card fee is paid (issue 39).
  await payParcelFee(server, sender, trackingCode);
  const admin = await signInAdmin(server);
  const video = test.info().outputPath('label.y4m');
  await labelVideo(trackingCode, video);

  // A browser whose camera films the label: Chromium's own fake camera, fed the video above.
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--no-sandbox',
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  });
  try {
    const context = await browser.newContext({ baseURL: server.url });
    const page = await context.newPage();
    await signInBrowser(page, server, admin);
    await page.goto('/dashboard/scan');
    await page.getByRole('button', { name: 'Scan with the camera' }).click();
    await expect(page.getByLabel('What the camera sees')).toBeVisible();
    await expect(page.getByText('1 code read by the camera')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByLabel('Tracking codes')).toHaveValue(`${trackingCode}\n`);
    await page.getByRole('button', { name: 'Stop the camera' }).click();
    await page.getByLabel('New status').selectOption({ label: 'Picked up' });
    await page.getByRole('button', { name: 'Apply to every code' }).click();
    await expect(page.getByTestId('scan-result')).toHaveText([`${trackingCode}Picked up`]);
  } finally {
    await browser.close();
  }
});
