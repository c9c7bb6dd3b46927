// Islands (decision 102): a render with kept HTML gives the bytes of a render without islands.
import { describe, expect, it } from "vitest";
import { renderToString } from "react-dom/server";
import { Island, IslandContext, islandKey, newIslandCache } from "./html-islands.tsx";
import { spliceIslands } from "./html-islands.server.ts";

function Page({ who, menu }: { who: string; menu: string[] }) {
  return (
    <div>
      <p>{`Bonjour ${who}`}</p>
      <Island id={islandKey("menu", "fr", menu)}>
        <ul>
          {menu.map((m) => (
            <li key={m}>{m}</li>
          ))}
        </ul>
      </Island>
      <Island id="empty">{null}</Island>
      <p>fin</p>
    </div>
  );
}

const render = (page: React.ReactElement, kept?: Map<string, Buffer>) => {
  if (!kept) return renderToString(page);
  const cache = newIslandCache(kept);
  const html = renderToString(<IslandContext.Provider value={cache}>{page}</IslandContext.Provider>);
  return spliceIslands(Buffer.from(html), cache).toString();
};

describe("html islands", () => {
  it("renders its children and keeps their HTML, then writes the kept HTML without rendering them", () => {
    const menu = ["Cartons", "Films & adhésifs"];
    const kept = new Map<string, Buffer>();
    const reference = render(<Page who="Jean" menu={menu} />);
    expect(render(<Page who="Jean" menu={menu} />, kept)).toBe(reference);
    expect([...kept.values()].map(String)).toEqual(["<ul><li>Cartons</li><li>Films &amp; adhésifs</li></ul>", ""]);
    // kept: the island's children are not rendered, the rest is
    const withoutChildren = renderToString(
      <IslandContext.Provider value={newIslandCache(kept)}>
        <Page who="Martin" menu={menu} />
      </IslandContext.Provider>,
    );
    expect(withoutChildren).not.toContain("Cartons");
    expect(render(<Page who="Martin" menu={menu} />, kept)).toBe(render(<Page who="Martin" menu={menu} />));
    expect(render(<Page who="Martin" menu={menu} />, kept)).not.toContain("x-island");
  });

  it("keys an island by its inputs' identity: a new menu is rendered again", () => {
    const kept = new Map<string, Buffer>();
    render(<Page who="Jean" menu={["Cartons"]} />, kept);
    const other = ["Sacs"];
    expect(render(<Page who="Jean" menu={other} />, kept)).toBe(render(<Page who="Jean" menu={other} />));
    expect(islandKey("menu", "fr", other)).toBe(islandKey("menu", "fr", other));
    expect(islandKey("menu", "fr", other)).not.toBe(islandKey("menu", "fr", ["Sacs"]));
  });

  it("uses the render's own copy when the kept map is cleared between render and splice", () => {
    const kept = new Map<string, Buffer>();
    const reference = render(<Page who="Jean" menu={["Cartons"]} />);
    render(<Page who="Jean" menu={["Cartons"]} />, kept);
    const menu = ["Cartons"];
    render(<Page who="Jean" menu={menu} />, kept);
    const cache = newIslandCache(kept);
    const html = renderToString(
      <IslandContext.Provider value={cache}>
        <Page who="Jean" menu={menu} />
      </IslandContext.Provider>,
    );
    kept.clear();
    expect(spliceIslands(Buffer.from(html), cache).toString()).toBe(reference);
  });
});
