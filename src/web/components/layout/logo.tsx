import { Link } from 'react-router';
import { cn } from '../../lib/utils';
import { LogoMark } from './logo-mark';

export { LogoMark };

export function Logo({ light = false }: { light?: boolean }) {
  return (
    <Link to="/" className="flex items-center gap-2 rounded-md" aria-label="ShineRoute home">
      <LogoMark />
      <span className={cn('text-lg font-bold tracking-tight', light ? 'text-white' : 'text-navy-900')}>
        ShineRoute
      </span>
    </Link>
  );
}
