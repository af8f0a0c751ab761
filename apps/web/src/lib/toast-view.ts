import './antd-mobile-setup.ts';

/** The toast view itself, loaded on demand by `toast.ts` so antd-mobile stays out of the first screen. */
export { Toast } from 'antd-mobile';
