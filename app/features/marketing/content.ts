/**
 * The landing page's static content. Prices come from the payment
 * catalog, so the page never promises an amount other than the one charged.
 *
 * The route's loader hands this to the page as loader data (it is in the pre-rendered HTML), so the copy is
 * not part of the page's JavaScript: the landing page has a budget of 60 kB of gzipped JavaScript and runs no
 * React in the browser (its own small script, enhance/landing-page.ts). The copy is written with Lingui's `msg` (compiled to plain
 * descriptors) and read in the page's language by the loader (`landingContentFor(i18nFor(locale))`), so the
 * landing page in either language loads no i18n code (docs/decisions/026). Every text the components show is
 * here, the industry dialogs' too.
 */
import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { INDUSTRY_NAMES } from "~/domain/industries";
import { SERVICE_CATALOG, serviceTotal, type ServiceType } from "~/domain/service-catalog";
import { paymentPriceIn, serviceNameIn, servicePriceIn } from "~/domain/service-texts";
// `?no-inline`: each image is a file of its own under /assets (content-hashed, cached for a year), not a data URL
// copied into every page. One exception: the first hero picture is the largest thing on the first screen, so it
// is put into the HTML itself (`?raw`, then a data URL) and the first paint waits for no other request.
import cleaningDrawing from "./images/cleaning.svg?raw";
import cleaningImage from "./images/cleaning.svg?no-inline";
import constructionImage from "./images/construction.svg?no-inline";
import electricianImage from "./images/electrician.svg?no-inline";
import paintingImage from "./images/painting.svg?no-inline";
import plumbingImage from "./images/plumbing.svg?no-inline";
import pressureWashingImage from "./images/pressure-washing.svg?no-inline";
import roofingImage from "./images/roofing.svg?no-inline";
import derekImage from "./images/testimonial-derek.svg?no-inline";
import kevinImage from "./images/testimonial-kevin.svg?no-inline";
import luisImage from "./images/testimonial-luis.svg?no-inline";
import mariaImage from "./images/testimonial-maria.svg?no-inline";
import tashaImage from "./images/testimonial-tasha.svg?no-inline";
import { BENEFIT_ORDER, type IndustryBenefit, type Picture } from "./landing";
import { INDUSTRY_BENEFITS } from "./industry-benefits";
import { svgDataUri } from "./svg-data-uri";
import { LEGAL_PAGES, LEGAL_TITLES, legalPath } from "../legal/legal-pages";
import { quoteContentFor } from "./quote-content";

const US_STATES = [
  "Alabama",
  "Alaska",
  "Arizona",
  "Arkansas",
  "California",
  "Colorado",
  "Connecticut",
  "Delaware",
  "Florida",
  "Georgia",
  "Hawaii",
  "Idaho",
  "Illinois",
  "Indiana",
  "Iowa",
  "Kansas",
  "Kentucky",
  "Louisiana",
  "Maine",
  "Maryland",
  "Massachusetts",
  "Michigan",
  "Minnesota",
  "Mississippi",
  "Missouri",
  "Montana",
  "Nebraska",
  "Nevada",
  "New Hampshire",
  "New Jersey",
  "New Mexico",
  "New York",
  "North Carolina",
  "North Dakota",
  "Ohio",
  "Oklahoma",
  "Oregon",
  "Pennsylvania",
  "Rhode Island",
  "South Carolina",
  "South Dakota",
  "Tennessee",
  "Texas",
  "Utah",
  "Vermont",
  "Virginia",
  "Washington",
  "West Virginia",
  "Wisconsin",
  "Wyoming",
] as const;

type Translate = (descriptor: MessageDescriptor) => string;

export interface Offer {
  type: ServiceType;
  name: string;
  /** The full price, e.g. '$700'. */
  price: string;
  priceValue: number;
  /** How it is paid, e.g. 'Two payments of $350 (50% each)'. */
  paymentTerms: string;
  delivery: string;
  summary: string;
  includes: string[];
  note?: string;
  /** The offer's sign-up button: 'Order Google Business Profile'. */
  orderLabel: string;
}

const website = SERVICE_CATALOG.website;
const googleBusiness = SERVICE_CATALOG.google_business;

/**
 * The offers' names, in a language: also the JSON-LD's (seo.ts). The Google offer is the service by its name; the
 * website is offered as a professional one.
 */
function offerNames(i18n: I18n): Record<ServiceType, string> {
  return { google_business: serviceNameIn(i18n, "google_business"), website: i18n._(msg`Professional Website`) };
}

/** The two offers in the language of `i18n`, priced from the catalog. */
export function offersFor(i18n: I18n): Offer[] {
  const t: Translate = (descriptor) => i18n._(descriptor);
  const names = offerNames(i18n);
  const googlePayments = googleBusiness.payments;
  const websitePayments = website.payments;
  const websiteInstallment = paymentPriceIn(i18n.locale, "website", 1);
  return [
    {
      type: "google_business",
      name: names.google_business,
      price: servicePriceIn(i18n.locale, "google_business"),
      priceValue: serviceTotal("google_business"),
      paymentTerms: googlePayments === 1 ? t(msg`One payment`) : t(msg`${googlePayments} payments`),
      delivery: t(msg`Ready in 1 week`),
      summary: t(msg`Your business on Google Search and Maps, verified and set up to bring in calls.`),
      includes: [
        t(msg`We create or claim your profile and take it through Google's verification`),
        t(msg`Categories, services and service areas chosen for the searches your customers make`),
        t(msg`Hours, phone, website and social links, so customers can call or visit in one tap`),
        t(msg`Your logo and photos of your work uploaded and organized`),
        t(msg`A description written with your trade and the cities you serve`),
        t(msg`Local SEO setup and a review link you can text to happy customers`),
      ],
      orderLabel: t(msg`Order ${names.google_business}`),
    },
    {
      type: "website",
      name: names.website,
      price: servicePriceIn(i18n.locale, "website"),
      priceValue: serviceTotal("website"),
      paymentTerms:
        websitePayments === 2
          ? t(msg`Two payments of ${websiteInstallment} (50% each)`)
          : t(msg`${websitePayments} payments of ${websiteInstallment} (50% each)`),
      delivery: t(msg`Ready in 3 weeks from your 50% deposit`),
      summary: t(
        msg`A custom website that shows your work, ranks for your services and turns visitors into quote requests.`,
      ),
      includes: [
        t(msg`A custom design in your brand colors, with your logo and photos`),
        t(msg`Home, services, about, service areas and contact pages, built for phones first`),
        t(msg`Click-to-call buttons and a quote request form on every page`),
        t(msg`On-page SEO for your services and the cities you work in`),
        t(msg`Linked to your Google Business Profile and social pages`),
        t(msg`Fast, secure (HTTPS) setup on your hosting`),
      ],
      note: t(msg`You provide the domain and hosting; we tell you exactly what to buy and set it all up.`),
      orderLabel: t(msg`Order ${names.website}`),
    },
  ];
}

export interface Industry {
  slug: string;
  /** The trade as the dialog title uses it: 'Why {name} Businesses Need Online Presence'. */
  name: string;
  description: string;
  image: Picture;
  /** The dialog's copy, in the page's language (loader data, so the dialog's code carries no text). */
  dialog: {
    title: string;
    description: string;
    benefits: Record<IndustryBenefit, { title: string; text: string }>;
  };
}

interface Testimonial {
  name: string;
  business: string;
  location: string;
  rating: 5;
  text: string;
  image: Picture;
}

/** Labels of one carousel's slides and dots, and of its pause control. */
export interface CarouselLabels {
  /** Names the carousel in the pause control: 'Pause hero slideshow'. */
  name: string;
  region: string;
  /** 'Slide n of N', by slide. */
  slides: string[];
  /** 'Show slide n of N: Cleaning', by slide. */
  dots: string[];
}

/**
 * Everything the landing page says, by section, in the page's order, in the language of `i18n`. `agencyName`
 * names the logo's link ('Agency home').
 */
export function landingContentFor(i18n: I18n, agencyName: string) {
  const t: Translate = (descriptor) => i18n._(descriptor);
  const offers = offersFor(i18n);
  const [googleOffer, websiteOffer] = offers as [Offer, Offer];

  const heroSlides: (Picture & { trade: string })[] = [
    {
      trade: t(INDUSTRY_NAMES["cleaning"]),
      src: svgDataUri(cleaningDrawing),
      alt: t(msg`A house cleaner mopping a bright kitchen floor next to a bucket`),
    },
    {
      trade: t(INDUSTRY_NAMES["painting"]),
      src: paintingImage,
      alt: t(msg`A painter rolling fresh paint onto the siding of a house`),
    },
    {
      trade: t(INDUSTRY_NAMES["plumbing"]),
      src: plumbingImage,
      alt: t(msg`A plumber fixing a leaking pipe under a kitchen sink with a wrench`),
    },
    {
      trade: t(INDUSTRY_NAMES["roofing"]),
      src: roofingImage,
      alt: t(msg`A roofer with a hammer replacing shingles on a red roof`),
    },
  ];

  const steps = [
    {
      title: t(msg`Create your account`),
      // No payment method named: the page is built once, before the server knows whether card payments are configured.
      text: t(msg`Sign up, choose a service and pay from your dashboard.`),
    },
    {
      title: t(msg`Send your details`),
      text: t(msg`Fill in your business information and upload your logo and photos. No calls needed.`),
    },
    {
      title: t(msg`Track the work`),
      text: t(msg`Follow every step in your dashboard until your profile is verified and your site is live.`),
    },
  ];

  const benefitTitles = {
    googleBusiness: offers[0]!.name,
    website: offers[1]!.name,
    moreClients: t(msg`Get More Clients`),
    credibility: t(msg`Charge Premium Rates`),
  };
  const industry = (slug: string, name: string, description: string, image: Picture): Industry => {
    const benefits = INDUSTRY_BENEFITS[slug]!;
    const lowerDescription = description.toLowerCase();
    return {
      slug,
      name,
      description,
      image,
      dialog: {
        title: t(msg`Why ${name} Businesses Need Online Presence`),
        description: t(msg`What a Google Business Profile and a website do for ${lowerDescription}.`),
        benefits: Object.fromEntries(
          BENEFIT_ORDER.map((key) => [key, { title: benefitTitles[key], text: t(benefits[key]) }]),
        ) as Industry["dialog"]["benefits"],
      },
    };
  };
  const industries: Industry[] = [
    industry("cleaning", t(INDUSTRY_NAMES["cleaning"]), t(msg`House, move-out and office cleaning companies`), {
      src: cleaningImage,
      alt: t(msg`A house cleaner mopping a kitchen floor`),
    }),
    industry("painting", t(INDUSTRY_NAMES["painting"]), t(msg`Interior, exterior and cabinet painters`), {
      src: paintingImage,
      alt: t(msg`A painter rolling paint onto a house`),
    }),
    industry("plumbing", t(INDUSTRY_NAMES["plumbing"]), t(msg`Repair, drain and water heater plumbers`), {
      src: plumbingImage,
      alt: t(msg`A plumber fixing a pipe under a sink`),
    }),
    industry("roofing", t(INDUSTRY_NAMES["roofing"]), t(msg`Repair, replacement and storm-damage roofers`), {
      src: roofingImage,
      alt: t(msg`A roofer working on a shingle roof`),
    }),
    industry("pressure-washing", t(INDUSTRY_NAMES["pressure-washing"]), t(msg`Driveway, house and deck washing pros`), {
      src: pressureWashingImage,
      alt: t(msg`A worker pressure washing a dirty driveway clean`),
    }),
    industry("construction", t(INDUSTRY_NAMES["construction"]), t(msg`General contractors, remodelers and builders`), {
      src: constructionImage,
      alt: t(msg`A builder carrying a beam past a new house frame`),
    }),
    industry("electrician", t(INDUSTRY_NAMES["electrician"]), t(msg`Residential and commercial electricians`), {
      src: electricianImage,
      alt: t(msg`An electrician testing breakers in an open electrical panel`),
    }),
  ];

  const whyGoogleBusiness = [
    {
      title: t(msg`Show up in the map pack`),
      text: t(
        msg`For searches like “roofer near me”, Google lists three local businesses on a map above the regular results. A verified, complete profile is how you get into that box.`,
      ),
    },
    {
      title: t(msg`Get calls straight from search`),
      text: t(
        msg`Your profile shows a call button, directions, hours and your website, so a customer can reach you without ever opening another page.`,
      ),
    },
    {
      title: t(msg`Let your reviews sell for you`),
      text: t(
        msg`Star ratings appear right next to your name. We set up a review link so happy customers can leave one in under a minute.`,
      ),
    },
    {
      title: t(msg`Free to keep running`),
      text: t(
        msg`Once it is set up and verified, your profile costs nothing to keep. We set it up right the first time: categories, services, areas, photos and description.`,
      ),
    },
  ];

  const whyWebsite = [
    {
      title: t(msg`Customers check before they call`),
      text: t(
        msg`People look you up before they let you into their home. A professional site answers their questions and shows them you are the real deal.`,
      ),
    },
    {
      title: t(msg`Your leads stay yours`),
      text: t(
        msg`Lead-sharing directories sell the same request to several competitors. Your own website sends every call and quote request to you alone.`,
      ),
    },
    {
      title: t(msg`It works after hours`),
      text: t(
        msg`Quote requests and click-to-call keep working at 9 p.m. on a Sunday, while you are off the clock or on another job.`,
      ),
    },
    {
      title: t(msg`It lifts your Google ranking`),
      text: t(
        msg`A Google profile linked to a real website that lists your services and cities ranks better than a profile on its own.`,
      ),
    },
  ];

  const testimonials: Testimonial[] = [
    {
      name: "Maria Gonzalez",
      business: "Sparkle & Shine Cleaning",
      location: "Austin, TX",
      rating: 5,
      text: t(
        msg`We used to live on referrals. Three weeks after our Google profile went live we were getting calls from neighborhoods we had never worked in, and we signed two recurring clients that first month.`,
      ),
      image: { src: mariaImage, alt: t(msg`Portrait of Maria Gonzalez`) },
    },
    {
      name: "Derek Thompson",
      business: "Thompson Pro Painting",
      location: "Columbus, OH",
      rating: 5,
      text: t(
        msg`The website finally shows our work the way it looks in person. Customers bring up the before-and-after gallery when they call, and I stopped getting asked to match the cheapest bid.`,
      ),
      image: { src: derekImage, alt: t(msg`Portrait of Derek Thompson`) },
    },
    {
      name: "Tasha Williams",
      business: "Williams Plumbing & Drain",
      location: "Atlanta, GA",
      rating: 5,
      text: t(
        msg`Our profile shows our emergency hours and a call button now. Last winter most of our burst-pipe calls came straight from Google Maps. The setup took one week, exactly as promised.`,
      ),
      image: { src: tashaImage, alt: t(msg`Portrait of Tasha Williams`) },
    },
    {
      name: "Luis Ramirez",
      business: "Ramirez Roofing",
      location: "Phoenix, AZ",
      rating: 5,
      text: t(
        msg`They built our site in three weeks and linked it to our Google profile. Inspection requests come in through the form overnight and I book them first thing in the morning.`,
      ),
      image: { src: luisImage, alt: t(msg`Portrait of Luis Ramirez`) },
    },
    {
      name: "Kevin O’Brien",
      business: "Bright Spark Electric",
      location: "Tampa, FL",
      rating: 5,
      text: t(
        msg`I’m an electrician, not a marketer. They handled the categories, photos, service areas and the website. Panel upgrades and EV charger jobs now find me instead of the franchise down the road.`,
      ),
      image: { src: kevinImage, alt: t(msg`Portrait of Kevin O’Brien`) },
    },
  ];

  const carousel = (
    name: string,
    region: string,
    items: string[],
    dot: (n: number, count: number, item: string) => string,
  ): CarouselLabels => {
    const count = items.length;
    return {
      name,
      region,
      slides: items.map((_, i) => {
        const n = i + 1;
        return t(msg`Slide ${n} of ${count}`);
      }),
      dots: items.map((item, i) => dot(i + 1, count, item)),
    };
  };

  const googleName = googleOffer.name;
  const googlePrice = googleOffer.price;
  const websitePrice = websiteOffer.price;
  const stateCount = US_STATES.length;
  const opensInNewTab = t(msg`(opens in a new tab)`);

  return {
    skipToContent: t(msg`Skip to content`),
    header: {
      home: t(msg`${agencyName} home`),
      navLabel: t(msg`Account`),
      signUp: t(msg`Sign Up`),
      login: t(msg`Login`),
      quote: t(msg`Get a free quote`),
      quoteShort: t(msg`Quote`),
    },
    carouselControls: { pause: t(msg`Pause`), play: t(msg`Play`) },
    hero: {
      eyebrow: t(msg`For cleaning, painting, plumbing, roofing and more`),
      title: t(msg`Get found on Google. Get hired for the job.`),
      text: t(
        msg`We set up your Google Business Profile and build your professional website, so homeowners in your area find you, trust you and call you instead of the company down the street.`,
      ),
      priceLine: t(msg`${googleName} ${googlePrice} · Website ${websitePrice} · All 50 states`),
      chat: t(msg`WhatsApp Us`),
      opensInNewTab,
      seeServices: t(msg`See services and prices`),
      slides: heroSlides,
      carousel: carousel(
        t(msg`hero slideshow`),
        t(msg`Trades we help`),
        heroSlides.map((slide) => slide.trade),
        (n, count, trade) => t(msg`Show slide ${n} of ${count}: ${trade}`),
      ),
    },
    services: {
      title: t(msg`Two services. Clear prices. No monthly contract.`),
      intro: t(
        msg`Start with the one you need most, or get both: a Google profile brings the calls, your website wins the job.`,
      ),
      payment: t(msg`Payment`),
      delivery: t(msg`Delivery`),
      howItWorks: t(msg`How it works`),
      offers,
      steps,
    },
    industries: {
      title: t(msg`Built for the trades`),
      intro: t(
        msg`We only work with service businesses, so we know what your customers search for. Choose your trade to see what being online does for it.`,
      ),
      whyGoOnline: t(msg`Why go online`),
      items: industries,
      dialog: {
        close: t(msg`Close`),
        back: t(msg`Back to the page`),
        signUp: t(msg`Create your account`),
        quote: t(msg`Get a free quote`),
      },
    },
    whyGoogle: {
      title: t(msg`Why your business needs a Google Business Profile`),
      intro: t(
        msg`It is the first thing people see when they search for your trade in their town: your phone number, your reviews and your photos, right on the map.`,
      ),
      reasons: whyGoogleBusiness,
    },
    whyWebsite: {
      title: t(msg`Why you need your own website`),
      intro: t(msg`Your Google profile brings people to you. Your website is where they decide to hire you.`),
      reasons: whyWebsite,
    },
    testimonials: {
      title: t(msg`Owners who get the calls now`),
      intro: t(msg`Service businesses across the country use their profile and website to win work every week.`),
      items: testimonials,
      ratings: testimonials.map(({ rating }) => t(msg`Rated ${rating} out of 5`)),
      carousel: carousel(
        t(msg`testimonials`),
        t(msg`Customer testimonials`),
        testimonials.map((testimonial) => testimonial.name),
        (n, count, name) => t(msg`Show testimonial ${n} of ${count}: ${name}`),
      ),
    },
    coverage: {
      title: t(msg`Serving service businesses in all ${stateCount} states`),
      text: t(
        msg`We work remotely with owners from coast to coast, by WhatsApp, phone and e-mail. Your profile and website are set up for the cities and neighborhoods you actually serve, wherever you are.`,
      ),
      statesLabel: t(msg`States we serve`),
      // The states' own names, as on an address (not translated).
      states: [...US_STATES],
    },
    contact: {
      title: t(msg`Ready to get more calls?`),
      text: t(
        msg`Tell us your trade and the area you serve. We will tell you exactly what your profile and website need, free of charge.`,
      ),
      chat: t(msg`Chat with us on WhatsApp`),
      opensInNewTab,
      call: t(msg`Call`),
      email: t(msg`E-mail`),
      getStarted: t(msg`Get Started`),
      quote: quoteContentFor(i18n, i18n.locale === "es" ? "es" : "en"),
    },
    footer: {
      tagline: t(msg`Google Business Profiles and professional websites for US service businesses.`),
      sectionsLabel: t(msg`Page sections`),
      sections: [
        { href: "#services", label: t(msg`Services and prices`) },
        { href: "#industries", label: t(msg`Industries`) },
        { href: "#testimonials", label: t(msg`Testimonials`) },
        { href: "#contact", label: t(msg`Contact`) },
      ],
      accountLabel: t(msg`Your account`),
      createAccount: t(msg`Create an account`),
      clientLogin: t(msg`Client login`),
      // Static links to the page's language's legal pages (their texts are read when they are opened).
      legalLabel: t(msg`Legal`),
      legal: LEGAL_PAGES.map((page) => ({
        href: legalPath(page, i18n.locale === "es" ? "es" : "en"),
        label: t(LEGAL_TITLES[page]),
      })),
      rights: t(msg`All rights reserved.`),
    },
  };
}

export type LandingContent = ReturnType<typeof landingContentFor>;
