import statesGeoJson from './au-states.geo.json';

/**
 * The 'Investment by State' map's shapes (spec core §2.4): the eight states and territories,
 * simplified, from Natural Earth 1:10m admin-1 boundaries (public domain; shared/fixtures/README.md).
 *
 * Drawn with a small equirectangular projection scaled by the cosine of the middle latitude: at
 * Australia's size and latitude it keeps shapes recognisable, and the dashboard needs no map
 * library in its bundle.
 */
export const mapSourceNote = 'Boundaries: Natural Earth 1:10m admin-1 (public domain), simplified.';

type Ring = readonly (readonly number[])[];
type Geometry =
  | { type: 'Polygon'; coordinates: readonly Ring[] }
  | { type: 'MultiPolygon'; coordinates: readonly (readonly Ring[])[] };

export interface StateShape {
  /** The short code a loan's companyState holds: NSW, VIC, ... */
  code: string;
  name: string;
  /** SVG path data in the map's coordinates. */
  path: string;
  /** Where the label goes (the centre of the largest ring's bounding box). */
  labelX: number;
  labelY: number;
}

interface Feature {
  properties: { code: string; name: string };
  geometry: Geometry;
}

function polygonsOf(geometry: Geometry): readonly (readonly Ring[])[] {
  return geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
}

/** Projects every state into a box `width` wide, keeping the aspect; the height follows. */
export function projectStates(width: number, paddingPx = 8): { shapes: StateShape[]; height: number } {
  const features = (statesGeoJson as unknown as { features: Feature[] }).features;
  let minLon = Infinity;
  let maxLon = -Infinity;
  let minLat = Infinity;
  let maxLat = -Infinity;
  for (const feature of features) {
    for (const polygon of polygonsOf(feature.geometry)) {
      for (const [lon = 0, lat = 0] of polygon[0] ?? []) {
        minLon = Math.min(minLon, lon);
        maxLon = Math.max(maxLon, lon);
        minLat = Math.min(minLat, lat);
        maxLat = Math.max(maxLat, lat);
      }
    }
  }
  const xScale = Math.cos((((minLat + maxLat) / 2) * Math.PI) / 180);
  const scale = (width - 2 * paddingPx) / ((maxLon - minLon) * xScale);
  const x = (lon: number) => paddingPx + (lon - minLon) * xScale * scale;
  const y = (lat: number) => paddingPx + (maxLat - lat) * scale;
  const height = Math.ceil(2 * paddingPx + (maxLat - minLat) * scale);
  const round = (n: number) => Math.round(n * 10) / 10;
  const shapes = features.map((feature) => {
    let path = '';
    let largest = { area: -1, x: 0, y: 0 };
    for (const polygon of polygonsOf(feature.geometry)) {
      for (const ring of polygon) {
        path += ring.map(([lon = 0, lat = 0], i) => `${i === 0 ? 'M' : 'L'}${round(x(lon))},${round(y(lat))}`).join('');
        path += 'Z';
      }
      const outer = polygon[0] ?? [];
      const lons = outer.map((p) => p[0] ?? 0);
      const lats = outer.map((p) => p[1] ?? 0);
      const area = (Math.max(...lons) - Math.min(...lons)) * (Math.max(...lats) - Math.min(...lats));
      if (area > largest.area) {
        largest = {
          area,
          x: x((Math.max(...lons) + Math.min(...lons)) / 2),
          y: y((Math.max(...lats) + Math.min(...lats)) / 2),
        };
      }
    }
    return {
      code: feature.properties.code.replace(/^AU-/, ''),
      name: feature.properties.name,
      path,
      labelX: round(largest.x),
      labelY: round(largest.y),
    };
  });
  return { shapes, height };
}

/** The state code of a loan's companyState, written as a code (nsw) or a name (New South Wales). */
export function stateCodeOf(companyState: string, shapes: readonly Pick<StateShape, 'code' | 'name'>[]): string | null {
  const text = companyState.trim().toLowerCase();
  const found = shapes.find((s) => s.code.toLowerCase() === text || s.name.toLowerCase() === text);
  return found ? found.code : null;
}
