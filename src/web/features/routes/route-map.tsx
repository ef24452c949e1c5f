import 'leaflet/dist/leaflet.css';
import L from 'leaflet';
import { useEffect, useRef } from 'react';

// The day's routes on a Leaflet map (issue 27). Tiles only when the server names a tile URL (MAP_TILE_URL); with
// none, the stops and lines are drawn on a plain background and nothing is fetched at run time. Markers are vector
// circles, so no marker images are loaded either.

export interface MapRoute {
  id: string;
  color: string;
  start: { lat: number; lng: number } | null;
  end: { lat: number; lng: number } | null;
  stops: { lat: number; lng: number; label: string }[];
}

export function RouteMap({
  routes,
  tiles,
  label,
}: {
  routes: MapRoute[];
  tiles: { url: string; attribution: string } | null;
  label: string;
}) {
  const box = useRef<HTMLElement>(null);
  const map = useRef<L.Map | null>(null);
  const layer = useRef<L.LayerGroup | null>(null);

  useEffect(() => {
    if (!box.current) return;
    const m = L.map(box.current, { attributionControl: Boolean(tiles), zoomSnap: 0.25 });
    if (tiles) L.tileLayer(tiles.url, { attribution: tiles.attribution, maxZoom: 19 }).addTo(m);
    map.current = m;
    layer.current = L.layerGroup().addTo(m);
    m.setView([30.27, -97.74], 10);
    return () => {
      m.remove();
      map.current = null;
    };
  }, [tiles]);

  useEffect(() => {
    const m = map.current;
    const g = layer.current;
    if (!m || !g) return;
    g.clearLayers();
    const bounds: L.LatLngExpression[] = [];
    for (const r of routes) {
      const path: L.LatLngExpression[] = [];
      if (r.start) path.push([r.start.lat, r.start.lng]);
      for (const s of r.stops) path.push([s.lat, s.lng]);
      if (r.end && r.stops.length) path.push([r.end.lat, r.end.lng]);
      if (path.length > 1) L.polyline(path, { color: r.color, weight: 3, opacity: 0.85 }).addTo(g);
      r.stops.forEach((s, i) => {
        L.circleMarker([s.lat, s.lng], {
          radius: 9,
          color: '#fff',
          weight: 2,
          fillColor: r.color,
          fillOpacity: 1,
        })
          .bindTooltip(`${i + 1}. ${s.label}`)
          .addTo(g);
      });
      bounds.push(...path);
    }
    const base = routes.find((r) => r.start)?.start;
    if (base)
      L.circleMarker([base.lat, base.lng], {
        radius: 6,
        color: '#0f172a',
        fillColor: '#0f172a',
        fillOpacity: 1,
      })
        .bindTooltip('Base')
        .addTo(g);
    // The box may have been laid out after the map was made (a lazy chunk, a resize): measure it again first.
    m.invalidateSize();
    if (bounds.length) m.fitBounds(L.latLngBounds(bounds), { padding: [24, 24] });
  }, [routes]);

  return (
    <section
      ref={box}
      aria-label={label}
      className="h-72 w-full overflow-hidden rounded-xl bg-slate-100 ring-1 ring-slate-200 sm:h-96"
      data-testid="route-map"
    />
  );
}
