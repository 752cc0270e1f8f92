// /auth?view=review — the user centre's admin side (ADR 0026): the platform's administrators
// approve or reject enterprise real-name verifications and phone changes, a rejection with its
// reason. The applicant is told through a site message and their profile follows.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Dialog, Empty, ErrorBlock, Tabs, Tag, TextArea } from 'antd-mobile';
import { formatDateTime } from '../../../domain/time-format.ts';
import { apiUrl, get, post, scopeHeaders, RequestError } from '../../lib/request.ts';
import { pushNotice } from '../../lib/notices.ts';
import { accountKeys } from './query-keys.ts';

type ReviewType = 'real_name' | 'phone_change';
interface ReviewItem {
  id: string;
  type: ReviewType;
  status: 'reviewing' | 'approved' | 'rejected';
  account: string;
  nickname: string;
  subject: string;
  licence_number: string | null;
  licence_name: string | null;
  reject_reason: string | null;
  created_at: string;
  reviewed_at: string | null;
}

export const fetchReviews = (type: ReviewType, status: string) =>
  get<{ count: number; data: ReviewItem[] }>(
    '/api/v1/account-reviews',
    { type, ...(status ? { status } : {}), __limit: 50 },
    { isNeedloading: false, notice: false },
  );

const STATUS_COLOR = { reviewing: 'warning', approved: 'success', rejected: 'danger' } as const;

async function openLicence(id: string) {
  const res = await fetch(apiUrl(`/api/v1/account-reviews/real_name/${id}/licence`), { headers: scopeHeaders() });
  if (!res.ok) return;
  const url = URL.createObjectURL(await res.blob());
  window.open(url, '_blank', 'noopener');
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

function ReviewCard({ item, onDecided }: { item: ReviewItem; onDecided: () => void }) {
  const { t } = useTranslation('signup');
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState(false);
  const decide = async (body: { decision: 'approve' } | { decision: 'reject'; reason: string }) => {
    await post(`/api/v1/account-reviews/${item.type}/${item.id}/decision`, body);
    pushNotice({ type: 'success', description: t('notices.review_done'), seconds: 3 });
    onDecided();
  };
  const approve = async () => {
    const ok = await Dialog.confirm({ content: t('review.approve_confirm'), confirmText: t('review.approve'), cancelText: t('review.cancel') });
    if (ok) await decide({ decision: 'approve' }).catch(() => undefined);
  };
  const reject = async () => {
    if (reason.trim().length < 2) return setProblem(true);
    try {
      await decide({ decision: 'reject', reason: reason.trim() });
      setRejecting(false);
    } catch {
      // the request helper showed why
    }
  };
  return (
    <article className="ys-review__card" data-testid="review-card" data-account={item.account}>
      <header className="ys-review__head">
        <strong>{item.subject}</strong>
        <Tag color={STATUS_COLOR[item.status]} fill="outline">
          {t(`review.status.${item.status}`)}
        </Tag>
      </header>
      <dl className="ys-review__fields">
        <dt>{t('review.applicant')}</dt>
        <dd>{`${item.nickname}（${item.account}）`}</dd>
        {item.type === 'real_name' ? (
          <>
            <dt>{t('review.licence_number')}</dt>
            <dd>{item.licence_number}</dd>
            <dt>{t('review.licence')}</dt>
            <dd>
              <button type="button" className="ys-review__link" onClick={() => void openLicence(item.id)}>
                {t('review.view_licence')}
              </button>
            </dd>
          </>
        ) : null}
        <dt>{t('review.submitted_at')}</dt>
        <dd>{formatDateTime(item.created_at)}</dd>
        {item.reviewed_at ? (
          <>
            <dt>{t('review.reviewed_at')}</dt>
            <dd>{formatDateTime(item.reviewed_at)}</dd>
          </>
        ) : null}
        {item.reject_reason ? (
          <>
            <dt>{t('review.reject_reason')}</dt>
            <dd>{item.reject_reason}</dd>
          </>
        ) : null}
      </dl>
      {item.status === 'reviewing' ? (
        <div className="ys-review__actions">
          <Button size="small" onClick={() => setRejecting(true)} data-testid="review-reject">
            {t('review.reject')}
          </Button>
          <Button size="small" color="primary" onClick={approve} data-testid="review-approve">
            {t('review.approve')}
          </Button>
        </div>
      ) : null}
      <Dialog
        visible={rejecting}
        title={t('review.reject_title')}
        content={
          <>
            <TextArea
              placeholder={t('review.reject_placeholder')}
              value={reason}
              onChange={(v) => {
                setReason(v);
                setProblem(false);
              }}
              maxLength={200}
              rows={3}
              showCount
            />
            {problem ? <div className="ys-review__error">{t('review.reject_required')}</div> : null}
          </>
        }
        closeOnAction={false}
        onClose={() => setRejecting(false)}
        actions={[
          [
            { key: 'cancel', text: t('review.cancel'), onClick: () => setRejecting(false) },
            { key: 'confirm', text: t('review.confirm'), bold: true, danger: true, onClick: reject },
          ],
        ]}
      />
    </article>
  );
}

function ReviewList({ type, status }: { type: ReviewType; status: string }) {
  const { t } = useTranslation('signup');
  const client = useQueryClient();
  const query = useQuery({ queryKey: accountKeys.reviewList(type, status), queryFn: () => fetchReviews(type, status) });
  if (query.error) {
    const forbidden = query.error instanceof RequestError && query.error.status === 403;
    return <ErrorBlock status="default" title={forbidden ? t('review.no_permission') : query.error.message} description="" />;
  }
  const data = query.data?.data ?? [];
  if (query.isSuccess && data.length === 0) return <Empty description={t('review.empty')} />;
  return (
    <>
      {query.data ? <p className="ys-review__count">{t('review.count', { count: query.data.count })}</p> : null}
      <div className="ys-review__grid">
        {data.map((item) => (
          <ReviewCard key={item.id} item={item} onDecided={() => void client.invalidateQueries({ queryKey: accountKeys.reviews() })} />
        ))}
      </div>
    </>
  );
}

export default function AccountReview() {
  const { t } = useTranslation('signup');
  const [type, setType] = useState<ReviewType>('real_name');
  const [status, setStatus] = useState('reviewing');
  return (
    <section className="ys-review" data-testid="account-review">
      <h2 className="ys-review__title">{t('review.title')}</h2>
      <Tabs activeKey={type} onChange={(k) => setType(k as ReviewType)}>
        <Tabs.Tab key="real_name" title={t('review.tab_real_name')} />
        <Tabs.Tab key="phone_change" title={t('review.tab_phone')} />
      </Tabs>
      <div className="ys-review__filters" role="group">
        {[
          ['reviewing', t('review.filter_reviewing')],
          ['', t('review.filter_all')],
        ].map(([value, label]) => (
          <Button key={value} size="small" fill={status === value ? 'solid' : 'outline'} color="primary" onClick={() => setStatus(value!)}>
            {label}
          </Button>
        ))}
      </div>
      <ReviewList type={type} status={status} />
    </section>
  );
}
