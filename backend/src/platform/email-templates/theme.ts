export const COLORS = { page: '#f4f3fa', card: '#ffffff', ink: '#1b1830', muted: '#575272', line: '#e6e3f2', accent: '#6d28d9', quoteLine: '#ddd6fe' };

export const FONT_STACK = "-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";
