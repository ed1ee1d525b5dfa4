/**
 * What an online presence does for each industry: the four blocks of its dialog, as Lingui descriptors. The
 * landing page's loader reads them in the page's language (content.ts), so the copy travels as loader data and
 * the dialog's code carries no text.
 */
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";

import type { IndustryBenefit } from "./landing";

export const INDUSTRY_BENEFITS: Record<string, Record<IndustryBenefit, MessageDescriptor>> = {
  cleaning: {
    googleBusiness: msg`When a homeowner searches “house cleaning near me” or an office manager looks for a commercial cleaner, Google shows three local companies on a map first. A verified profile with your service area, hours and before-and-after photos is how you earn one of those spots.`,
    website: msg`Clients let you into their homes and offices, so they check you out first. A website that lists your packages (standard, deep, move-out), shows you are insured and lets them request a quote at 10 p.m. turns a visitor into a booked clean.`,
    moreClients: msg`Recurring cleans are where the money is. A steady flow of calls from Google and requests from your site fills your weekly and bi-weekly routes, so one cancellation no longer leaves a hole in the schedule.`,
    credibility: msg`People pay more for a cleaner they trust. Dozens of five-star reviews, a clear checklist of what every visit includes and real photos of your team let you quote on value instead of matching the cheapest listing.`,
  },
  painting: {
    googleBusiness: msg`Homeowners planning an interior refresh or an exterior repaint search “painters near me” and call from the map. Your profile shows finished projects, the neighborhoods you cover and reviews that mention clean lines and tidy job sites.`,
    website: msg`Painting is a visual trade. A gallery of before-and-after photos by room and by exterior, your prep process and the paint lines you use answer the questions customers have before they ask for an estimate.`,
    moreClients: msg`Estimate requests arrive from Google and your site all season, so you book exteriors in spring and summer and keep crews busy with interiors and cabinets when the weather turns.`,
    credibility: msg`Customers who see your prep work, your warranty and your reviews understand why your bid is not the lowest. A professional presence lets you win on quality instead of cutting your price per square foot.`,
  },
  plumbing: {
    googleBusiness: msg`A burst pipe or a backed-up drain is an urgent search: people call the first plumber they trust on the map. A verified profile with emergency hours, your service area and a call button puts your number in front of them at that moment.`,
    website: msg`Your website lists what you do (water heaters, drain cleaning, repiping, leak detection), shows your license number and explains how you price, so callers are ready to book when they reach you.`,
    moreClients: msg`Emergency calls pay the bills, but planned jobs such as water heater replacements and remodel rough-ins grow the business. Being easy to find online brings in both kinds of work.`,
    credibility: msg`Homeowners pay for speed and certainty. Reviews that mention on-time arrivals and clean work, plus a site that explains your upfront pricing, let you charge for your expertise instead of racing to the lowest quote.`,
  },
  roofing: {
    googleBusiness: msg`After a storm, homeowners search “roof repair near me” and compare the roofers on the map by rating and photos. A complete profile with your service area, project photos and reviews puts you on that short list.`,
    website: msg`A roof is one of the biggest checks a homeowner writes. Your website shows completed roofs, the shingle and metal systems you install, your warranties and how you help with insurance claims.`,
    moreClients: msg`Inspection requests and replacement estimates come in around the clock, so you fill your calendar ahead of the season instead of knocking on doors.`,
    credibility: msg`Storm chasers compete on price. A local company with a real address, years of reviews and a professional website earns the trust, and the margin, on a full replacement.`,
  },
  "pressure-washing": {
    googleBusiness: msg`People search “pressure washing near me” when they notice a green driveway, a grimy deck or siding that needs a soft wash before a sale. Before-and-after photos on your profile sell the job in seconds.`,
    website: msg`List every surface you clean (driveways, siding, roofs, decks, fences, storefronts) with photos and starting prices, and let visitors request a quote for their property any time of day.`,
    moreClients: msg`Exterior cleaning is seasonal and it repeats. Being visible online brings one-time jobs that become yearly appointments, plus property managers and HOAs who need regular service.`,
    credibility: msg`Customers worry about stripped paint and burned plants. Explaining your soft-wash process and showing your insurance and reviews lets you charge for doing it right, not race someone with a rented machine.`,
  },
  construction: {
    googleBusiness: msg`Homeowners planning a remodel, an addition or a new build search “general contractor near me” and check who has real projects and reviews. Your profile puts your finished work and your license on the map.`,
    website: msg`Big projects need trust before the first meeting. Your site shows a project gallery, the work you take on (remodels, additions, concrete, framing), your license and insurance and how your process runs from estimate to final walk-through.`,
    moreClients: msg`Requests from your website and Google arrive with project details and budgets, so you spend less time on tire-kickers and more time bidding the jobs you want.`,
    credibility: msg`A professional brand, a portfolio and strong reviews make you the contractor to hire, not one of five bids. That protects the margin a well-run job needs.`,
  },
  electrician: {
    googleBusiness: msg`From a dead outlet to a panel upgrade, people search “electrician near me” and call who they see first. A verified profile with your license, service area and emergency hours makes you that call.`,
    website: msg`Your website explains what you do (panel upgrades, EV charger installs, lighting, rewiring, generator hookups), shows your license number and lets customers request an estimate online.`,
    moreClients: msg`High-value jobs like EV chargers, panel replacements and whole-home generators are researched online first. Being visible brings that work to you instead of the big franchise.`,
    credibility: msg`Safety is worth paying for. Credentials, reviews and clear explanations of the work let you price for licensed, code-compliant electrical work instead of handyman rates.`,
  },
};
