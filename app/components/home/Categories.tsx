import { Link } from "react-router";
import { CATEGORIES } from "@shared/categories";
import { imageUrl } from "@shared/images";

export function Categories() {
  return (
    <section className="mt-16" aria-labelledby="categories-title">
      <h2 id="categories-title" className="text-2xl font-medium md:text-3xl">
        Categories
      </h2>
      <ul className="mt-6 grid grid-cols-2 gap-4 sm:grid-cols-4 lg:grid-cols-7">
        {CATEGORIES.map((category) => (
          <li key={category.path}>
            <Link
              to={`/products/${category.path.toLowerCase()}`}
              className="group flex flex-col items-center justify-center gap-2 rounded-lg px-3 py-5"
              style={{ backgroundColor: category.bgColor }}
            >
              <img src={imageUrl(category.image)} alt="" width={96} height={96} loading="lazy" className="h-20 w-20 transition group-hover:scale-110" />
              <span className="text-sm font-medium text-gray-800">{category.text}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
