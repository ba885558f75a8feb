/** The frame a screen shows in (app/layouts): the default page, the bare chat, a lander, nothing. */
export type LayoutName = 'default' | 'chat' | 'lander' | 'empty';
