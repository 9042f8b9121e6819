import { describe, expect, it } from "vitest";
import { isFromForm, type Submission } from "~/components/status-button";
import { sectionOfPath } from "~/components/admin/admin-ui";

/** A stand-in for a button in a form: the form's action and its hidden fields. */
function buttonIn(action: string, hidden: Record<string, string>, own: { name?: string; value?: string } = {}) {
  const form = {
    action: new URL(action, "http://localhost:3000").href,
    querySelectorAll: () => Object.entries(hidden).map(([name, value]) => ({ name, value })),
  } as unknown as HTMLFormElement;
  return { form, name: own.name ?? "", value: own.value ?? "" };
}

function submitting(formAction: string, fields: Record<string, string>): Submission {
  const formData = new FormData();
  for (const [name, value] of Object.entries(fields)) formData.append(name, value);
  return { state: "submitting", formAction, formData };
}

describe("StatusButton: which submission is its own form's", () => {
  const row = (id: string) => buttonIn("/admin/inventory", { productId: id, redirectTo: "/admin/inventory" });

  it("is pending only for its own form: same action, same hidden fields", () => {
    const post = submitting("/admin/inventory", { productId: "a", redirectTo: "/admin/inventory", stock: "4" });
    expect(isFromForm(post, row("a"))).toBe(true);
    // Another row of the same table posts to the same action: not this row's button.
    expect(isFromForm(post, row("b"))).toBe(false);
    expect(isFromForm(submitting("/admin/products?index", { productId: "a", redirectTo: "/admin/inventory" }), row("a"))).toBe(false);
  });

  it("tells apart the buttons of one form by their name and value, and ignores what is not submitting", () => {
    const cancel = buttonIn("/admin/orders/x", { intent: "set-status" }, { name: "status", value: "cancelled" });
    const ship = buttonIn("/admin/orders/x", { intent: "set-status" }, { name: "status", value: "shipped" });
    const post = submitting("/admin/orders/x", { intent: "set-status", status: "cancelled" });
    expect(isFromForm(post, cancel)).toBe(true);
    expect(isFromForm(post, ship)).toBe(false);
    expect(isFromForm({ ...post, state: "loading" }, cancel)).toBe(false);
    expect(isFromForm({ state: "idle" }, cancel)).toBe(false);
  });
});

describe("the admin navigation's current section", () => {
  it("is the section of the path, its detail pages included", () => {
    expect(sectionOfPath("/admin")).toBe("overview");
    expect(sectionOfPath("/admin/")).toBe("overview");
    expect(sectionOfPath("/admin/orders")).toBe("orders");
    expect(sectionOfPath("/admin/orders/0d3c")).toBe("orders");
    expect(sectionOfPath("/admin/products/1/delete")).toBe("products");
    // The product table belongs to no section of the navigation.
    expect(sectionOfPath("/admin/edit")).toBeNull();
  });
});
