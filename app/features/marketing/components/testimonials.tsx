import { StarIcon } from "./icons";
import { BELOW_THE_FOLD, cx } from "./cx";
import { CAROUSELS } from "../carousel-view";
import type { LandingContent } from "../content";
import { PORTRAIT_SIZE } from "../landing";
import { CarouselControls, CarouselSlide } from "./carousel-controls";
import { useCarousel } from "./use-carousel";

export function Testimonials({
  content,
  controls,
}: {
  content: LandingContent["testimonials"];
  controls: LandingContent["carouselControls"];
}) {
  const testimonials = content.items;
  const look = CAROUSELS.testimonials;
  const carousel = useCarousel(testimonials.length, look.intervalMs);
  return (
    <section
      id="testimonials"
      aria-labelledby="testimonials-title"
      className={cx("scroll-mt-16 bg-slate-900 py-20", BELOW_THE_FOLD)}
    >
      <div className="mx-auto max-w-4xl px-4">
        <h2 id="testimonials-title" className="text-center text-3xl font-bold tracking-tight text-white sm:text-4xl">
          {content.title}
        </h2>
        <p className="mx-auto mt-4 max-w-2xl text-center text-lg text-slate-300">{content.intro}</p>
        <div
          role="region"
          aria-roledescription="carousel"
          aria-label={content.carousel.region}
          data-carousel="testimonials"
          data-rotation={carousel.hydrated ? (carousel.rotating ? "running" : "held") : undefined}
          className="mt-10"
          {...carousel.holdProps}
        >
          {/* Every card sits in the same grid cell, so the box is as tall as the longest one: no jumps. */}
          <div data-carousel-live="" aria-live={carousel.rotating ? "off" : "polite"} className="grid">
            {testimonials.map((testimonial, i) => {
              const current = i === carousel.index;
              return (
                <CarouselSlide
                  key={testimonial.name}
                  label={content.carousel.slides[i]!}
                  current={current}
                  className={look.slideClassName(current)}
                >
                  <figure>
                    <div role="img" aria-label={content.ratings[i]} className="flex gap-1">
                      {Array.from({ length: testimonial.rating }, (_, star) => (
                        <StarIcon key={star} className="size-5 text-amber-500" />
                      ))}
                    </div>
                    <blockquote className="mt-5 text-lg text-slate-800 sm:text-xl">
                      <p>&ldquo;{testimonial.text}&rdquo;</p>
                    </blockquote>
                    <figcaption className="mt-6 flex items-center gap-4">
                      <img
                        src={testimonial.image.src}
                        alt={testimonial.image.alt}
                        width={PORTRAIT_SIZE.width}
                        height={PORTRAIT_SIZE.height}
                        loading="lazy"
                        decoding="async"
                        className="size-14 rounded-full"
                      />
                      <div>
                        <p className="font-semibold text-slate-900">{testimonial.name}</p>
                        <p className="text-slate-600">
                          {testimonial.business} · {testimonial.location}
                        </p>
                      </div>
                    </figcaption>
                  </figure>
                </CarouselSlide>
              );
            })}
          </div>
          <div className="mt-6">
            <CarouselControls
              tone={look.tone}
              label={content.carousel.name}
              pauseText={controls.pause}
              playText={controls.play}
              count={testimonials.length}
              index={carousel.index}
              playing={carousel.playing}
              onSelect={carousel.select}
              onToggle={carousel.toggle}
              dotLabel={(i) => content.carousel.dots[i]!}
            />
          </div>
        </div>
      </div>
    </section>
  );
}
