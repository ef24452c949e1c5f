/** A van-and-car driveway scene drawn for ShineRoute (no stock photos). */
export function HeroIllustration() {
  return (
    <svg viewBox="0 0 480 300" className="h-auto w-full" role="img" aria-labelledby="hero-art-title">
      <title id="hero-art-title">A ShineRoute detailing van polishing a car in a driveway</title>
      <defs>
        <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#1e3a8a" />
          <stop offset="1" stopColor="#0f172a" />
        </linearGradient>
      </defs>
      <rect width="480" height="300" rx="24" fill="url(#sky)" />
      <circle cx="400" cy="60" r="26" fill="#facc15" opacity="0.9" />
      <rect x="0" y="220" width="480" height="80" fill="#1e293b" />
      <rect x="0" y="236" width="480" height="4" fill="#334155" />
      {/* van */}
      <g transform="translate(40 130)">
        <rect x="0" y="10" width="170" height="80" rx="12" fill="#f8fafc" />
        <path d="M170 30h30l28 30v30h-58z" fill="#e2e8f0" />
        <rect x="178" y="38" width="26" height="22" rx="3" fill="#93c5fd" />
        <rect x="14" y="30" width="120" height="8" rx="4" fill="#2563eb" />
        <text x="14" y="62" fill="#0f172a" fontSize="16" fontWeight="700" fontFamily="system-ui, sans-serif">
          ShineRoute
        </text>
        <circle cx="45" cy="92" r="16" fill="#0f172a" />
        <circle cx="45" cy="92" r="7" fill="#94a3b8" />
        <circle cx="185" cy="92" r="16" fill="#0f172a" />
        <circle cx="185" cy="92" r="7" fill="#94a3b8" />
      </g>
      {/* car */}
      <g transform="translate(290 160)">
        <path
          d="M0 50c0-12 8-18 20-20l26-22c6-5 12-8 22-8h40c10 0 16 3 22 10l18 20c14 2 26 8 26 20v14H0z"
          fill="#2563eb"
        />
        <path d="M52 14h26v22H34zM86 14h24c6 0 10 2 13 6l12 16H86z" fill="#bfdbfe" />
        <circle cx="36" cy="64" r="14" fill="#0f172a" />
        <circle cx="36" cy="64" r="6" fill="#94a3b8" />
        <circle cx="140" cy="64" r="14" fill="#0f172a" />
        <circle cx="140" cy="64" r="6" fill="#94a3b8" />
      </g>
      {/* sparkles */}
      <g fill="#fde68a">
        <path d="M330 140l4 8 8 4-8 4-4 8-4-8-8-4 8-4z" />
        <path d="M440 150l3 6 6 3-6 3-3 6-3-6-6-3 6-3z" />
        <path d="M380 128l2 4 4 2-4 2-2 4-2-4-4-2 4-2z" />
      </g>
    </svg>
  );
}
