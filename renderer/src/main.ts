import { mount } from 'svelte';
import './app.css';
import App from './App.svelte';
import { connectToCore } from './lib/api';
import { prefetchFirstOffers } from './lib/firstOffers';
import { applyRememberedTheme } from './lib/theme';

// A forced light or dark from the first frame, not after the core's first answer.
applyRememberedTheme();
const target = document.getElementById('app');
if (!target) throw new Error('The page has no #app element.');
const api = connectToCore();
mount(App, { target, props: { api, firstOffers: api ? prefetchFirstOffers(api) : null } });
