import { useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * How far outside the viewport a part starts loading: not at all, so that nothing below the
 * first screen competes with it (a phone's bet page has its chart just below the fold, where a
 * margin of 400 px reached it at once); a part comes as soon as a pixel of its place is in view.
 */
const AHEAD = '0px';

/**
 * Shows `placeholder` until it comes into the viewport, then `children`, for good: a
 * heavy part below the fold (a chart and its library) loads once the player scrolls towards it
 * instead of competing with what the screen shows first. Where the browser cannot tell (no
 * IntersectionObserver), the children come at once.
 */
export function WhenInView({ placeholder, children }: { placeholder: ReactNode; children: ReactNode }) {
  const [inView, setInView] = useState(() => typeof IntersectionObserver === 'undefined');
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (inView || !ref.current) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setInView(true);
    }, { rootMargin: AHEAD });
    observer.observe(ref.current);
    return () => observer.disconnect();
  }, [inView]);
  return inView ? children : <div ref={ref}>{placeholder}</div>;
}
