import { Outlet } from 'react-router';
import classes from './marketing.module.css';
import { PublicFooter } from './PublicFooter.tsx';
import { PublicHeader } from './PublicHeader.tsx';

/** Header, footer and landmarks around every public marketing page. */
export function MarketingLayout() {
  return (
    <div className={classes.page}>
      <a href="#main-content" className={classes.skipLink}>
        Skip to main content
      </a>
      <PublicHeader />
      <main id="main-content" tabIndex={-1} className={classes.main}>
        <Outlet />
      </main>
      <PublicFooter />
    </div>
  );
}
