import './page-header.scss';
import type { ReactNode } from 'react';

/** The soft gradient band that opens content pages. */
export function PageHeader({ title, intro, meta }: { title: string; intro?: ReactNode; meta?: ReactNode }) {
  return (
    <header className="page-header">
      <div className="container">
        <h1 className="page-header__title">{title}</h1>
        {intro && <p className="page-header__intro">{intro}</p>}
        {meta && <p className="page-header__meta">{meta}</p>}
      </div>
    </header>
  );
}
