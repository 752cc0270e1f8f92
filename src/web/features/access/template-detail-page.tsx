// policieTemplatesDetail/{id} (the page lives with the list in templates-page.tsx).
import { TemplateDetailPage } from './templates-page.tsx';

export default TemplateDetailPage;
