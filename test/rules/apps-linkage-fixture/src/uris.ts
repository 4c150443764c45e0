export const WIDGET_URI = 'ui://w/imported.html';
