/**
 * The one script of the pre-rendered landing pages (`/` and `/es`), in place of React and React Router, which they
 * do not load: the page is React's HTML from the build, complete without JavaScript, and this adds its few
 * behaviours to it. vite.config.ts builds it as an entry of its own; the root layout names it in the page.
 */
import { enhanceCarousel } from "./carousels";
import { enhanceIndustryDialogs } from "./industry-dialogs";

for (const region of document.querySelectorAll<HTMLElement>("[data-carousel]")) enhanceCarousel(region);
enhanceIndustryDialogs(document);
