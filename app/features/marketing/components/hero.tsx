import { useSiteConfig } from "~/lib/config/use-site-config";
import type { LandingContent } from "../content";
import { CAROUSELS } from "../carousel-view";
import { SCENE_SIZE } from "../landing";
import { CarouselControls, CarouselSlide } from "./carousel-controls";
import { ChatIcon } from "./icons";
import { useCarousel } from "./use-carousel";

export function Hero({
  content,
  controls,
}: {
  content: LandingContent["hero"];
  controls: LandingContent["carouselControls"];
}) {
  const { chatUrl } = useSiteConfig();
  const heroSlides = content.slides;
  const look = CAROUSELS.hero;
  const carousel = useCarousel(heroSlides.length, look.intervalMs);

  // The text comes first in the DOM and in the tab order; the carousel behind it is decoration with controls.
  return (
    <section id="home" aria-labelledby="hero-title" className="relative isolate overflow-hidden bg-slate-900 pt-16">
      <div className="relative z-10 mx-auto max-w-6xl px-4 pt-16 pb-28 sm:pt-24 sm:pb-36 lg:pt-28">
        <p className="text-sm font-semibold tracking-wide text-sky-300 uppercase">{content.eyebrow}</p>
        <h1 id="hero-title" className="mt-3 max-w-3xl text-4xl font-extrabold tracking-tight text-white sm:text-6xl">
          {content.title}
        </h1>
        <p className="mt-6 max-w-2xl text-lg text-slate-100 sm:text-xl">{content.text}</p>
        <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
          <a
            href={chatUrl}
            target="_blank"
            rel="noopener"
            className="inline-flex min-h-12 items-center justify-center gap-2 rounded-md bg-green-700 px-6 py-2 text-center text-base font-semibold text-white hover:bg-green-800 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-white focus-visible:ring-offset-2 focus-visible:ring-offset-slate-900"
          >
            <ChatIcon className="size-5 shrink-0" />
            {content.chat}
            <span className="sr-only">{content.opensInNewTab}</span>
          </a>
          <a
            href="#services"
            className="inline-flex min-h-12 items-center justify-center rounded-md border border-white/70 px-6 py-2 text-center text-base font-semibold text-white hover:bg-white/10 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-white"
          >
            {content.seeServices}
          </a>
        </div>
        <p className="mt-6 text-sm text-slate-200">{content.priceLine}</p>
      </div>
      <div
        role="region"
        aria-roledescription="carousel"
        aria-label={content.carousel.region}
        data-carousel="hero"
        data-rotation={carousel.hydrated ? (carousel.rotating ? "running" : "held") : undefined}
        {...carousel.holdProps}
      >
        <div data-carousel-live="" aria-live={carousel.rotating ? "off" : "polite"}>
          {heroSlides.map((slide, i) => {
            const current = i === carousel.index;
            return (
              <CarouselSlide
                key={slide.trade}
                label={content.carousel.slides[i]!}
                current={current}
                className={look.slideClassName(current)}
              >
                <img
                  src={slide.src}
                  alt={slide.alt}
                  width={SCENE_SIZE.width}
                  height={SCENE_SIZE.height}
                  // The first slide is what the page shows at once; the others wait their turn.
                  fetchPriority={i === 0 ? "high" : "low"}
                  decoding={i === 0 ? "sync" : "async"}
                  className="h-full w-full object-cover"
                />
              </CarouselSlide>
            );
          })}
        </div>
        <div
          aria-hidden="true"
          className="absolute inset-0 bg-gradient-to-r from-slate-950/95 via-slate-950/80 to-slate-950/45"
        />
        <div className="absolute inset-x-0 bottom-4 z-20 px-4">
          <CarouselControls
            tone={look.tone}
            label={content.carousel.name}
            pauseText={controls.pause}
            playText={controls.play}
            count={heroSlides.length}
            index={carousel.index}
            playing={carousel.playing}
            onSelect={carousel.select}
            onToggle={carousel.toggle}
            dotLabel={(i) => content.carousel.dots[i]!}
          />
        </div>
      </div>
    </section>
  );
}
