import { describe, expect, it } from "vitest";
import { MalformedBodyError, readMultipartForm } from "~/utils/multipart.server";
import { refuseControlCharactersInAddress } from "~/utils/form-data.server";

async function multipart(fields: Record<string, string>) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  const request = new Request("http://localhost/admin", { method: "POST", body: form });
  return { body: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get("Content-Type")! };
}

describe("readMultipartForm", () => {
  it("reads a whole body", async () => {
    const { body, contentType } = await multipart({ name: "Lamp", nameAr: "مصباح" });
    const parsed = await readMultipartForm(new Request("http://localhost/admin", { method: "POST", body, headers: { "Content-Type": contentType } }), {});
    expect(parsed.fields.get("name")).toBe("Lamp");
  });

  it("answers a body cut off in the middle with a MalformedBodyError (a TypeError, like request.formData())", async () => {
    const { body, contentType } = await multipart({ name: "Lamp ".repeat(40), nameAr: "مصباح" });
    for (const cut of [Math.floor(body.length / 2), body.length - 4]) {
      const request = new Request("http://localhost/admin", { method: "POST", body: body.subarray(0, cut), headers: { "Content-Type": contentType } });
      const error = await readMultipartForm(request, {}).catch((e: unknown) => e);
      expect(error, `cut at ${cut}`).toBeInstanceOf(MalformedBodyError);
      expect(error).toBeInstanceOf(TypeError);
    }
  });
});

describe("refuseControlCharactersInAddress", () => {
  it("lets ordinary parameters through", async () => {
    await expect(refuseControlCharactersInAddress(new Request("http://localhost/search?q=%C3%BCber%20lamp&page=2"))).resolves.toBeUndefined();
  });

  it.each(["/search?q=%00", "/products?category=a%01b", "/products?inStock=%00", "/admin?q=%1B%5B31m", "/search?%00=x"])(
    "refuses %s with a 400 in the visitor's language",
    async (path) => {
      const request = new Request(`http://localhost${path}`, { headers: { "Accept-Language": "fr" } });
      const thrown = await refuseControlCharactersInAddress(request).catch((e: unknown) => e);
      expect(thrown).toBeInstanceOf(Response);
      expect((thrown as Response).status).toBe(400);
      expect(await (thrown as Response).text()).toContain("L’adresse contient des caractères non autorisés");
    },
  );
});
