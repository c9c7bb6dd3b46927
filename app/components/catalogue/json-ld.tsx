// schema.org structured data as a JSON-LD script ("<" escaped so the text cannot close the script).
export function JsonLd({ data }: { data: unknown }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: JSON.stringify(data).replace(/</g, "\\u003c") }} />;
}

export function breadcrumbLd(base: string, trail: { url: string; name: string }[]) {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: trail.map((e, i) => ({ "@type": "ListItem", position: i + 1, name: e.name, item: `${base}${encodeURI(e.url)}` })),
  };
}
