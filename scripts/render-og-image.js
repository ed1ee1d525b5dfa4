// Renders the link-preview image (Open Graph / Twitter card, 1200x630 JPEG) from the landing page's own SVG
// illustrations. Social networks do not accept SVG previews, so this raster copy is made once and committed:
//   node scripts/render-og-image.js
import { chromium } from "@playwright/test";
import { readFileSync } from "node:fs";
import path from "node:path";

const images = path.resolve("app/features/marketing/images");
const output = path.join(images, "og-image.jpg");
const scene = (name) =>
  `data:image/svg+xml;base64,${readFileSync(path.join(images, `${name}.svg`)).toString("base64")}`;

const html = `<style>
  body { margin: 0; font-family: system-ui, sans-serif }
  .card { width: 1200px; height: 630px; display: grid; grid-template: 1fr 1fr / 1fr 1fr; position: relative }
  img { width: 600px; height: 315px; object-fit: cover; display: block }
  .band { position: absolute; inset: auto 0 0 0; background: rgb(15 23 42 / 0.86); color: #fff; padding: 34px 56px }
  h1 { margin: 0; font-size: 54px; line-height: 1.1; font-weight: 800 }
  p { margin: 12px 0 0; font-size: 28px; color: #bfdbfe }
</style>
<div class="card">
  ${["cleaning", "painting", "plumbing", "roofing"].map((name) => `<img src="${scene(name)}" alt="">`).join("")}
  <div class="band">
    <h1>More calls from Google for your service business</h1>
    <p>Google Business Profile setup and custom websites, in all 50 states</p>
  </div>
</div>`;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu"],
});
try {
  const page = await browser.newPage({ viewport: { width: 1200, height: 630 } });
  await page.setContent(html);
  await page.screenshot({ path: output, type: "jpeg", quality: 72 });
  console.log(`wrote ${path.relative(process.cwd(), output)}`);
} finally {
  await browser.close();
}
