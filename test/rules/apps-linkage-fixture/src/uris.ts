export const WIDGET_URI = 'ui://w/imported.html';

/** A table of widgets, the way cloudflare-mcp-apps servers keep one (`UI_RESOURCES.quiz.uri` on both sides). */
export const UI_RESOURCES = { quiz: { uri: 'ui://quiz/widget', name: 'quiz_widget' } };
