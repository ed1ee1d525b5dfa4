/**
 * The landing page's static content (spec sections 1, 2 "Landing page" and 9). Prices come from the payment
 * catalog, so the page never promises an amount other than the one charged.
 *
 * The route's loader hands this to the page as loader data (it is in the pre-rendered HTML), so the copy is
 * not part of the page's JavaScript: the landing page has a budget of 120 kB of gzipped JavaScript, and React
 * and React Router take about 110 kB of it.
 */
import { formatDollars, SERVICE_CATALOG, type ServiceType } from "~/lib/service-catalog";
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
import type { Picture } from "./landing";
import { svgDataUri } from "./svg-data-uri";

export const heroSlides: (Picture & { trade: string })[] = [
  {
    trade: "Cleaning",
    src: svgDataUri(cleaningDrawing),
    alt: "A house cleaner mopping a bright kitchen floor next to a bucket",
  },
  { trade: "Painting", src: paintingImage, alt: "A painter rolling fresh paint onto the siding of a house" },
  { trade: "Plumbing", src: plumbingImage, alt: "A plumber fixing a leaking pipe under a kitchen sink with a wrench" },
  { trade: "Roofing", src: roofingImage, alt: "A roofer with a hammer replacing shingles on a red roof" },
];

function totalPrice(type: ServiceType): number {
  const { payments, amountPerPayment } = SERVICE_CATALOG[type];
  return payments * amountPerPayment;
}

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
}

const website = SERVICE_CATALOG.website;
const googleBusiness = SERVICE_CATALOG.google_business;

export const offers: Offer[] = [
  {
    type: "google_business",
    name: "Google Business Profile",
    price: formatDollars(totalPrice("google_business")),
    priceValue: totalPrice("google_business"),
    paymentTerms: googleBusiness.payments === 1 ? "One payment" : `${googleBusiness.payments} payments`,
    delivery: "Ready in 1 week",
    summary: "Your business on Google Search and Maps, verified and set up to bring in calls.",
    includes: [
      "We create or claim your profile and take it through Google's verification",
      "Categories, services and service areas chosen for the searches your customers make",
      "Hours, phone, website and social links, so customers can call or visit in one tap",
      "Your logo and photos of your work uploaded and organized",
      "A description written with your trade and the cities you serve",
      "Local SEO setup and a review link you can text to happy customers",
    ],
  },
  {
    type: "website",
    name: "Professional Website",
    price: formatDollars(totalPrice("website")),
    priceValue: totalPrice("website"),
    paymentTerms: `${website.payments === 2 ? "Two" : website.payments} payments of ${formatDollars(website.amountPerPayment)} (50% each)`,
    delivery: "Ready in 3 weeks from your 50% deposit",
    summary: "A custom website that shows your work, ranks for your services and turns visitors into quote requests.",
    includes: [
      "A custom design in your brand colors, with your logo and photos",
      "Home, services, about, service areas and contact pages, built for phones first",
      "Click-to-call buttons and a quote request form on every page",
      "On-page SEO for your services and the cities you work in",
      "Linked to your Google Business Profile and social pages",
      "Fast, secure (HTTPS) setup on your hosting",
    ],
    note: "You provide the domain and hosting; we tell you exactly what to buy and set it all up.",
  },
];

export const steps = [
  { title: "Create your account", text: "Sign up, choose a service and pay by card or Zelle from your dashboard." },
  {
    title: "Send your details",
    text: "Fill in your business information and upload your logo and photos. No calls needed.",
  },
  {
    title: "Track the work",
    text: "Follow every step in your dashboard until your profile is verified and your site is live.",
  },
];

export interface Industry {
  slug: string;
  /** The trade as the dialog title uses it: 'Why {name} Businesses Need Online Presence'. */
  name: string;
  description: string;
  image: Picture;
}

export const industries: Industry[] = [
  {
    slug: "cleaning",
    name: "Cleaning",
    description: "House, move-out and office cleaning companies",
    image: { src: cleaningImage, alt: "A house cleaner mopping a kitchen floor" },
  },
  {
    slug: "painting",
    name: "Painting",
    description: "Interior, exterior and cabinet painters",
    image: { src: paintingImage, alt: "A painter rolling paint onto a house" },
  },
  {
    slug: "plumbing",
    name: "Plumbing",
    description: "Repair, drain and water heater plumbers",
    image: { src: plumbingImage, alt: "A plumber fixing a pipe under a sink" },
  },
  {
    slug: "roofing",
    name: "Roofing",
    description: "Repair, replacement and storm-damage roofers",
    image: { src: roofingImage, alt: "A roofer working on a shingle roof" },
  },
  {
    slug: "pressure-washing",
    name: "Pressure Washing",
    description: "Driveway, house and deck washing pros",
    image: { src: pressureWashingImage, alt: "A worker pressure washing a dirty driveway clean" },
  },
  {
    slug: "construction",
    name: "Construction",
    description: "General contractors, remodelers and builders",
    image: { src: constructionImage, alt: "A builder carrying a beam past a new house frame" },
  },
  {
    slug: "electrician",
    name: "Electrician",
    description: "Residential and commercial electricians",
    image: { src: electricianImage, alt: "An electrician testing breakers in an open electrical panel" },
  },
];

export const whyGoogleBusiness = [
  {
    title: "Show up in the map pack",
    text: "For searches like \u201croofer near me\u201d, Google lists three local businesses on a map above the regular results. A verified, complete profile is how you get into that box.",
  },
  {
    title: "Get calls straight from search",
    text: "Your profile shows a call button, directions, hours and your website, so a customer can reach you without ever opening another page.",
  },
  {
    title: "Let your reviews sell for you",
    text: "Star ratings appear right next to your name. We set up a review link so happy customers can leave one in under a minute.",
  },
  {
    title: "Free to keep running",
    text: "Once it is set up and verified, your profile costs nothing to keep. We set it up right the first time: categories, services, areas, photos and description.",
  },
];

export const whyWebsite = [
  {
    title: "Customers check before they call",
    text: "People look you up before they let you into their home. A professional site answers their questions and shows them you are the real deal.",
  },
  {
    title: "Your leads stay yours",
    text: "Lead-sharing directories sell the same request to several competitors. Your own website sends every call and quote request to you alone.",
  },
  {
    title: "It works after hours",
    text: "Quote requests and click-to-call keep working at 9 p.m. on a Sunday, while you are off the clock or on another job.",
  },
  {
    title: "It lifts your Google ranking",
    text: "A Google profile linked to a real website that lists your services and cities ranks better than a profile on its own.",
  },
];

export interface Testimonial {
  name: string;
  business: string;
  location: string;
  rating: 5;
  text: string;
  image: Picture;
}

export const testimonials: Testimonial[] = [
  {
    name: "Maria Gonzalez",
    business: "Sparkle & Shine Cleaning",
    location: "Austin, TX",
    rating: 5,
    text: "We used to live on referrals. Three weeks after our Google profile went live we were getting calls from neighborhoods we had never worked in, and we signed two recurring clients that first month.",
    image: { src: mariaImage, alt: "Portrait of Maria Gonzalez" },
  },
  {
    name: "Derek Thompson",
    business: "Thompson Pro Painting",
    location: "Columbus, OH",
    rating: 5,
    text: "The website finally shows our work the way it looks in person. Customers bring up the before-and-after gallery when they call, and I stopped getting asked to match the cheapest bid.",
    image: { src: derekImage, alt: "Portrait of Derek Thompson" },
  },
  {
    name: "Tasha Williams",
    business: "Williams Plumbing & Drain",
    location: "Atlanta, GA",
    rating: 5,
    text: "Our profile shows our emergency hours and a call button now. Last winter most of our burst-pipe calls came straight from Google Maps. The setup took one week, exactly as promised.",
    image: { src: tashaImage, alt: "Portrait of Tasha Williams" },
  },
  {
    name: "Luis Ramirez",
    business: "Ramirez Roofing",
    location: "Phoenix, AZ",
    rating: 5,
    text: "They built our site in three weeks and linked it to our Google profile. Inspection requests come in through the form overnight and I book them first thing in the morning.",
    image: { src: luisImage, alt: "Portrait of Luis Ramirez" },
  },
  {
    name: "Kevin O\u2019Brien",
    business: "Bright Spark Electric",
    location: "Tampa, FL",
    rating: 5,
    text: "I\u2019m an electrician, not a marketer. They handled the categories, photos, service areas and the website. Panel upgrades and EV charger jobs now find me instead of the franchise down the road.",
    image: { src: kevinImage, alt: "Portrait of Kevin O\u2019Brien" },
  },
];

export const US_STATES = [
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

/** Everything the landing page says, by section, in the spec's order. */
export const landingContent = {
  hero: {
    eyebrow: "For cleaning, painting, plumbing, roofing and more",
    title: "Get found on Google. Get hired for the job.",
    text: "We set up your Google Business Profile and build your professional website, so homeowners in your area find you, trust you and call you instead of the company down the street.",
    priceLine: `${offers[0]?.name} ${offers[0]?.price} · Website ${offers[1]?.price} · All 50 states`,
    slides: heroSlides,
  },
  services: {
    title: "Two services. Clear prices. No monthly contract.",
    intro:
      "Start with the one you need most, or get both: a Google profile brings the calls, your website wins the job.",
    offers,
    steps,
  },
  industries: {
    title: "Built for the trades",
    intro:
      "We only work with service businesses, so we know what your customers search for. Choose your trade to see what being online does for it.",
    items: industries,
  },
  whyGoogle: {
    title: "Why your business needs a Google Business Profile",
    intro:
      "It is the first thing people see when they search for your trade in their town: your phone number, your reviews and your photos, right on the map.",
    reasons: whyGoogleBusiness,
  },
  whyWebsite: {
    title: "Why you need your own website",
    intro: "Your Google profile brings people to you. Your website is where they decide to hire you.",
    reasons: whyWebsite,
  },
  testimonials: {
    title: "Owners who get the calls now",
    intro: "Service businesses across the country use their profile and website to win work every week.",
    items: testimonials,
  },
  coverage: {
    title: `Serving service businesses in all ${US_STATES.length} states`,
    text: "We work remotely with owners from coast to coast, by WhatsApp, phone and e-mail. Your profile and website are set up for the cities and neighborhoods you actually serve, wherever you are.",
    states: [...US_STATES],
  },
  contact: {
    title: "Ready to get more calls?",
    text: "Tell us your trade and the area you serve. We will tell you exactly what your profile and website need, free of charge.",
  },
  footer: {
    tagline: "Google Business Profiles and professional websites for US service businesses.",
  },
};

export type LandingContent = typeof landingContent;
