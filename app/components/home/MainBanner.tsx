import { Link } from "react-router";
import { imageUrl } from "@shared/images";
import { SITE_IMAGES } from "~/lib/site-images";
import { useStorefront } from "~/lib/root-data";

/** HTML over a gradient rather than one big picture: its text is the LCP, and it scales without separate files. */
export function MainBanner() {
  const store = useStorefront();
  return (
    <section className="relative mt-6 overflow-hidden rounded-2xl bg-gradient-to-br from-[#e6f4ea] via-[#f3faf5] to-[#fef6da]">
      <div className="flex flex-col items-center gap-6 px-6 py-10 text-center md:flex-row md:justify-between md:px-14 md:py-16 md:text-left">
        <div className="max-w-xl">
          <h1 className="text-3xl leading-tight font-bold text-gray-900 md:text-5xl">Freshness You Can Trust, Savings You Will Love!</h1>
          {store && (
            <p className="mt-4 text-gray-700 md:text-lg" data-testid="hero-promise">
              Groceries and snacks at your door. {store.words.promise}
            </p>
          )}
          <div className="mt-6 flex flex-wrap items-center justify-center gap-4 md:justify-start">
            <Link to="/products" className="rounded-full bg-primary px-7 py-3 font-medium text-white hover:bg-primary-dull">
              Shop Now
            </Link>
            <Link to="/products" className="group flex items-center gap-2 px-4 py-3 font-medium text-primary-dull">
              Explore Deals{" "}
              <span aria-hidden="true" className="transition group-hover:translate-x-1">
                →
              </span>
            </Link>
          </div>
        </div>
        <div className="relative flex items-end justify-center">
          <img src={imageUrl(SITE_IMAGES.heroBasket)} alt="" width={256} height={256} fetchPriority="high" className="h-40 w-40 md:h-64 md:w-64" />
          <img src={imageUrl(SITE_IMAGES.heroScooter)} alt="" width={256} height={256} loading="lazy" className="-ml-8 hidden h-32 w-32 md:block" />
        </div>
      </div>
    </section>
  );
}
