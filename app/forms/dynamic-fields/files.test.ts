import { describe, expect, it } from "vitest";
import { checkFieldFile, FILE_MAX_BYTES, normaliseCustomFields, uploadFieldFiles } from "~/forms/dynamic-fields";
import en from "~/locales/en/fields.json";

const [annex, image] = normaliseCustomFields([
  { id: 1, fieldCode: "diploma", fieldName: "Diploma", fieldType: "annex" },
  { id: 2, fieldCode: "photo", fieldName: "Photo", fieldType: "image" },
]);
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const file = (name: string, head: number[], size = 100) => {
  const b = new Uint8Array(size);
  b.set(head.slice(0, size));
  return new File([b], name);
};

describe("annex and image files (spec 001 §5 Uploads)", () => {
  it.each([
    ["image: a PNG", image, file("a.png", PNG), undefined],
    ["image: a JPG named .png", image, file("a.png", [0xff, 0xd8, 0xff]), undefined],
    ["image: a GIF", image, file("a.gif", [0x47, 0x49, 0x46, 0x38]), "imageType"],
    ["image: a PNG over 5 MB", image, file("a.png", PNG, FILE_MAX_BYTES + 1), "imageSize"],
    ["image: exactly 5 MB", image, file("a.png", PNG, FILE_MAX_BYTES), undefined],
    ["annex: a pdf", annex, file("cv.PDF", []), undefined],
    ["annex: an exe", annex, file("virus.exe", []), "annexType"],
    ["annex: no extension", annex, file("README", []), "annexType"],
    ["annex: a zip over 5 MB", annex, file("a.zip", [], FILE_MAX_BYTES + 1), "annexSize"],
  ])("%s", async (_n, field, f, error) => {
    expect(await checkFieldFile(field!, f)).toBe(error);
  });

  it("uses the spec's messages", () => {
    expect(en.errors.annexSize).toBe("uploaded file too large, keep under 5M");
  });

  it("uploads every attached file after checking them all, keeping kept values first", async () => {
    const uploaded: string[] = [];
    const result = await uploadFieldFiles(
      [annex!, image!],
      { df_diploma: ["https://x/old.pdf", file("new.pdf", [])], df_photo: file("me.png", PNG) },
      async (f) => {
        uploaded.push(f.name);
        return `https://files/${f.name}`;
      },
    );
    expect(uploaded).toEqual(["new.pdf", "me.png"]);
    expect(result.value).toMatchObject({ df_diploma: ["https://x/old.pdf", "https://files/new.pdf"], df_photo: ["https://files/me.png"] });
  });

  it("an empty file input (a nameless empty part of a multipart post) is no file: the kept values stay", async () => {
    let calls = 0;
    const empty = new File([], "");
    const result = await uploadFieldFiles([annex!, image!], { df_diploma: ["https://x/old.pdf", empty], df_photo: ["https://x/me.png", empty] }, async () => {
      calls++;
      return "u";
    });
    expect(result.errors).toBeUndefined();
    expect(result.value).toMatchObject({ df_diploma: ["https://x/old.pdf"], df_photo: ["https://x/me.png"] });
    expect(calls).toBe(0);
  });

  it("uploads nothing when one file is refused", async () => {
    let calls = 0;
    const result = await uploadFieldFiles([annex!, image!], { df_diploma: file("ok.pdf", []), df_photo: file("x.gif", [0x47]) }, async () => {
      calls++;
      return "u";
    });
    expect(result.errors).toEqual({ df_photo: ["imageType"] });
    expect(calls).toBe(0);
  });
});
