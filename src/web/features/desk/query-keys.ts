// Query keys of the service desk: work orders and feedback (a detail is written from the server's
// answer to an action, the lists are refreshed), and the choices of the work order form.
export const deskKeys = {
  workorders: () => ['workorders'] as const,
  workordersIn: (status: string) => ['workorders', status] as const,
  workorder: (id: string) => ['workorder', id] as const,
  workorderTypes: () => ['workorder-types'] as const,
  workorderQuestions: (typeId: string) => ['workorder-questions', typeId] as const,
  workorderTemplates: (typeId: string) => ['workorder-templates', typeId] as const,
  feedbacks: () => ['feedbacks'] as const,
  feedback: (id: string) => ['feedback', id] as const,
};
