import { useSiteConfig } from "~/lib/config/use-site-config";
import { configStamp } from "../config-stamp";
import type { Locale } from "~/lib/i18n/locales";
import type { LandingContent } from "../content";
import { Contact } from "./contact";
import { Coverage } from "./coverage";
import { Hero } from "./hero";
import { Industries } from "./industries";
import { Reasons } from "./reasons";
import { Services } from "./services";
import { SiteFooter } from "./site-footer";
import { SiteHeader } from "./site-header";
import { Testimonials } from "./testimonials";

/** The public landing page, in this order: hero, services, industries, why Google, why a website, testimonials, coverage, and contact with the free quote form. */
export function LandingPage({ content, locale }: { content: LandingContent; locale: Locale }) {
  const siteConfig = useSiteConfig();
  return (
    // The stamp lets the server check that the pre-rendered copy of this page has its current contact values.
    <div data-site-config={configStamp(siteConfig)}>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-white focus:px-4 focus:py-2 focus:font-semibold focus:text-blue-800 focus:shadow"
      >
        {content.skipToContent}
      </a>
      <SiteHeader content={content.header} locale={locale} />
      <main id="main">
        <Hero content={content.hero} controls={content.carouselControls} />
        <Services content={content.services} />
        <Industries content={content.industries} />
        <Reasons id="why-google" tone="blue" content={content.whyGoogle} />
        <Reasons id="why-website" tone="white" content={content.whyWebsite} />
        <Testimonials content={content.testimonials} controls={content.carouselControls} />
        <Coverage coverage={content.coverage} />
        <Contact contact={content.contact} />
      </main>
      <SiteFooter content={content.footer} />
    </div>
  );
}
