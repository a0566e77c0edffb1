import type { TInsight } from '@kindling/contracts';
import { Text } from '@mantine/core';
import { geoEqualEarth, geoPath } from 'd3-geo';
import type { Feature, FeatureCollection, Geometry } from 'geojson';
import { useMemo } from 'react';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import countries110m from 'world-atlas/countries-110m.json';
import { numericOf } from './country-codes.ts';

const WIDTH = 800;
const HEIGHT = 400;

/**
 * Giving by country on an offline map (docs/product/insights.md#geography): shapes from the
 * world-atlas package drawn with d3-geo, no tiles fetched. Darker is a larger share of giving.
 */
export function GivingMap({ insights }: { insights: TInsight[] }) {
  const paths = useMemo(() => {
    const topology = countries110m as unknown as Topology<{ countries: GeometryCollection }>;
    const shapes = feature(topology, topology.objects.countries) as FeatureCollection<Geometry>;
    const projection = geoEqualEarth().fitSize([WIDTH, HEIGHT], shapes);
    const path = geoPath(projection);
    return shapes.features.map((f: Feature<Geometry>) => ({ id: String(f.id), d: path(f) ?? '' }));
  }, []);
  const shares = new Map<string, { share: number; label: string }>();
  for (const i of insights) {
    const numeric = i.location ? numericOf(i.location) : undefined;
    const share = i.data_points.find((p) => p.label === 'Share of giving')?.value;
    if (numeric) shares.set(numeric, { share: Number(share ?? 0), label: i.title });
  }
  const described = insights.map((i) => i.title).join('; ');
  return (
    <figure style={{ margin: 0 }}>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label={`Map of giving by country: ${described}`}
        style={{ width: '100%', height: 'auto' }}
      >
        {paths.map((p) => {
          const hit = shares.get(p.id);
          const fill = hit
            ? `color-mix(in srgb, var(--mantine-color-teal-8) ${20 + Math.min(80, hit.share)}%, white)`
            : 'var(--mantine-color-gray-3)';
          return (
            <path key={p.id} d={p.d} fill={fill} stroke="var(--mantine-color-body)" strokeWidth={0.5}>
              {hit ? <title>{hit.label}</title> : null}
            </path>
          );
        })}
      </svg>
      <Text component="figcaption" size="xs" c="dimmed">
        Darker countries gave a larger share in the period.
      </Text>
    </figure>
  );
}
