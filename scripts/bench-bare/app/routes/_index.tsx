import { useLoaderData } from "@remix-run/react";

export const meta = () => [{ title: "Bare Remix page" }];

/** 24 items, as many as a page of the shop's listing. */
export async function loader() {
  return {
    items: Array.from({ length: 24 }, (_, i) => ({
      id: i + 1,
      name: `Product ${i + 1}`,
      price: ((i * 37) % 990) + 9.9,
    })),
  };
}

export default function Index() {
  const { items } = useLoaderData<typeof loader>();
  return (
    <main>
      <h1>Products</h1>
      <ul>
        {items.map((item) => (
          <li key={item.id}>
            <a href={`/products/${item.id}`}>{item.name}</a> {item.price.toFixed(2)} €
          </li>
        ))}
      </ul>
    </main>
  );
}
