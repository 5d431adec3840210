/**
 * Makes the welcome walk-through video (spec core §2.2) from the product's own screens:
 *
 *   node --import tsx tools/make-walkthrough.ts
 *
 * It builds the web app into a temporary directory (or uses WEB_DIST_DIR), starts the real server
 * on fresh demo data (or films the one at BASE_URL),
 * signs in as the demo investor with Chromium (playwright-core, e2e/support/browser.ts finds it),
 * takes one screenshot per step of packages/web/src/features/home/walkthrough.ts, and encodes them
 * with ffmpeg into a small VP9 webm, with the WebVTT captions written from the same steps:
 *
 *   packages/web/public/walkthrough/walkthrough.webm
 *   packages/web/public/walkthrough/walkthrough.en.vtt
 *
 * Needs ffmpeg with libvpx-vp9 on the PATH (Debian: `apt-get install -y ffmpeg`). The files are
 * committed, so building and testing the app needs no ffmpeg; run this again when the screens change.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { browserArgs, findBrowser } from '../e2e/support/browser';
import { demoPassword, demoUsers } from '../e2e/support/demo';
import { repoRoot, startServer } from '../e2e/support/server';
import {
  walkthroughCaptions,
  walkthroughSecondsPerStep,
  walkthroughSteps,
} from '../packages/web/src/features/home/walkthrough';

const outDir = path.join(repoRoot, 'packages/web/public/walkthrough');
const size = { width: 1280, height: 720 };
/** The encoded size: half of 1920x1080's width keeps text readable and the file under 1.5 MB. */
const videoWidth = 960;

async function main() {
  execFileSync('ffmpeg', ['-hide_banner', '-version'], { stdio: 'ignore' });
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'lm-walkthrough-'));
  const webDist = process.env.WEB_DIST_DIR ?? path.join(work, 'web');
  if (!process.env.WEB_DIST_DIR && !process.env.BASE_URL) {
    execFileSync('npx', ['vite', 'build', '--outDir', webDist, '--emptyOutDir'], {
      cwd: path.join(repoRoot, 'packages/web'),
      stdio: 'inherit',
    });
  }
  // BASE_URL: film a demo server that is already running (it must serve the built web app)
  const server = process.env.BASE_URL
    ? { baseURL: process.env.BASE_URL, stop: async () => {} }
    : await startServer({ WEB_DIST_DIR: webDist });
  const browser = await chromium.launch({ executablePath: (await findBrowser()).executablePath, args: browserArgs });
  try {
    const context = await browser.newContext({
      viewport: size,
      locale: 'en-AU',
      timezoneId: 'Australia/Sydney',
      baseURL: server.baseURL,
    });
    await context.addInitScript(() => window.localStorage.setItem('lm.welcomeVideoSeen', 'true'));
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByLabel('Email').fill(demoUsers.investor.email);
    await page.getByLabel('Password').fill(demoPassword);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByRole('banner').getByText(demoUsers.investor.name).waitFor();
    for (const [index, step] of walkthroughSteps.entries()) {
      await page.goto(step.path);
      await page.waitForLoadState('networkidle');
      // the screen's data is in: no spinner or skeleton left (a busy machine can take a while)
      await page
        .locator('[role="progressbar"], .MuiSkeleton-root')
        .first()
        .waitFor({ state: 'detached', timeout: 120_000 });
      await page.waitForTimeout(1500); // charts animate in
      await page.screenshot({ path: path.join(work, `step-${index + 1}.png`) });
      console.log(`filmed ${step.screen}`);
    }
  } finally {
    await browser.close();
    await server.stop();
  }

  fs.mkdirSync(outDir, { recursive: true });
  const video = path.join(outDir, 'walkthrough.webm');
  execFileSync(
    'ffmpeg',
    [
      '-hide_banner',
      '-loglevel',
      'error',
      '-y',
      '-framerate',
      `1/${walkthroughSecondsPerStep}`,
      '-i',
      path.join(work, 'step-%d.png'),
      '-vf',
      `scale=${videoWidth}:-2:flags=lanczos,fps=2,format=yuv420p`,
      '-c:v',
      'libvpx-vp9',
      '-b:v',
      '0',
      '-crf',
      '38',
      '-deadline',
      'good',
      '-an',
      video,
    ],
    { stdio: 'inherit' },
  );
  fs.writeFileSync(path.join(outDir, 'walkthrough.en.vtt'), walkthroughCaptions());
  fs.rmSync(work, { recursive: true, force: true });
  console.log(`${video}: ${(fs.statSync(video).size / 1024).toFixed(0)} KiB`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
