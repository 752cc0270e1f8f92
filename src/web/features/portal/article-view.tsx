// One article: title, category, date (Asia/Shanghai) and paragraphs; read through its snapshot so a
// visitor who opened it can read it again offline.
import { useTranslation } from 'react-i18next';
import { PageState, fetchArticle, shanghaiTime, useSnapshotLoad } from './portal-data.tsx';

export function ArticleBody({ id }: { id: string }) {
  const { t } = useTranslation(['site_tools', 'site']);
  const state = useSnapshotLoad(/^[\w-]{1,64}$/.test(id) ? `article:${id}` : null, () => fetchArticle(id));
  return (
    <PageState state={state}>
      {(a) => (
        <article className="ys-article" data-testid="article">
          <p className="ys-article__meta">
            <span className="ys-acard__tag">{a.category}</span>
            <time dateTime={a.published_at}>{t('articles.published', { time: shanghaiTime(a.published_at, true) })}</time>
          </p>
          <h1 className="ys-article__title" data-testid="article-title">
            {a.title}
          </h1>
          <p className="ys-article__summary">{a.summary}</p>
          {a.body.map((p, i) => (
            <p key={i} className="ys-article__p">
              {p}
            </p>
          ))}
        </article>
      )}
    </PageState>
  );
}
