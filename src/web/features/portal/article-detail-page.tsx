// serviceAnnouncementDetail/{id} and cloudDynamicDetail/{id}: one announcement or news item, with a
// way back to its list; senceJourney/{id}: one scenario journey and the other journeys as a waterfall.
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ArticleSummary } from '../../../domain/portal-content.ts';
import { usePageHandle } from '../../lib/hooks.ts';
import { PageFrame } from '../../ui/page-frame.tsx';
import { ArticleBody } from './article-view.tsx';
import { useArticlePages } from './articles-page.tsx';
import { shanghaiTime } from './portal-data.tsx';
import { Waterfall } from './waterfall.tsx';
import './portal-home.css';
import './site.css';

const BACK: Record<string, string> = { serviceAnnouncementDetail: '/serviceAnnouncement', cloudDynamicDetail: '/cloudDynamic', senceJourney: '/allProducts' };

export default function ArticleDetailPage() {
  const handle = usePageHandle();
  const name = handle?.name ?? 'serviceAnnouncementDetail';
  const { id = '' } = useParams();
  const { t } = useTranslation(['site_tools', 'site']);
  return (
    <PageFrame name={name} className="ys-home ys-articles">
      <div className="ys-section ys-section--narrow">
        <Link className="ys-back" to={BACK[name] ?? '/portal'} data-testid="article-back">
          {t(`articles.back_${name}`)}
        </Link>
        <ArticleBody id={id} />
      </div>
      {name === 'senceJourney' ? <OtherJourneys current={id} /> : null}
    </PageFrame>
  );
}

function OtherJourneys({ current }: { current: string }) {
  const { t } = useTranslation(['site_tools', 'site']);
  const pages = useArticlePages('scenario');
  const others = pages.items.filter((a) => a.id !== current);
  if (!others.length) return null;
  return (
    <section className="ys-section ys-section--alt" aria-labelledby="journeys">
      <div>
        <h2 className="ys-section__title" id="journeys">
          {t('articles.scenario.more')}
        </h2>
        <Waterfall
          items={others}
          keyOf={(a: ArticleSummary) => a.id}
          onEnd={pages.more}
          hasMore={pages.hasMore}
          testId="journey-waterfall"
          render={(a) => (
            <Link to={`/senceJourney/${a.id}`} className="ys-acard">
              <span className="ys-acard__tag">{a.category}</span>
              <h3 className="ys-acard__title">{a.title}</h3>
              <p className="ys-acard__text">{a.summary}</p>
              <time className="ys-acard__date">{shanghaiTime(a.published_at)}</time>
            </Link>
          )}
        />
      </div>
    </section>
  );
}
