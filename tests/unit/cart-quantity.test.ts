import { parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import { cartQuantitySchema } from "~/components/cart/cart-quantity.schema";

function form(quantity: string) {
  const data = new FormData();
  data.set("intent", "update");
  data.set("productId", "00000000-0000-4000-8000-000000000061");
  data.set("quantity", quantity);
  return data;
}

describe("the cart line's quantity form", () => {
  it.each([["0", 0], ["3", 3], [" 12 ", 12], ["999", 999]])("takes %j", (raw, quantity) => {
    const submission = parseWithZod(form(raw), { schema: cartQuantitySchema });
    expect(submission.status).toBe("success");
    expect(submission.status === "success" && submission.value.quantity).toBe(quantity);
  });

  it.each(["", "-1", "1.5", "1000", "1e400", "abc"])("refuses %j with the catalogue key", (raw) => {
    const submission = parseWithZod(form(raw), { schema: cartQuantitySchema });
    expect(submission.status).toBe("error");
    const messages = submission.reply().error?.quantity ?? [];
    expect(messages.length).toBeGreaterThan(0);
    expect(new Set(messages)).toEqual(new Set(["cart.quantityInvalid"]));
  });
});
