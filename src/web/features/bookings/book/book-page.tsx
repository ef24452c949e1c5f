import { useNavigate, useParams, useSearchParams } from 'react-router';
import { BookScreen, zipOf } from './book-screen';

/**
 * /book inside the web app (dev server, links inside the app). A visitor's first request gets the same screen
 * rendered on the server with its own island (src/web/islands/book.tsx, docs/decisions/0911).
 */
export function BookPage() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  return (
    <BookScreen
      business={useParams().slug ?? params.get('business') ?? undefined}
      location={useParams().location}
      zip={zipOf(params.get('zip'))}
      cancelled={Boolean(params.get('cancelled'))}
      chooseBusiness={(id) =>
        setParams((p) => {
          p.set('business', id);
          return p;
        })
      }
      go={navigate}
    />
  );
}
