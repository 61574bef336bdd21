import { mount } from 'svelte';
import './app.css';
import App from './App.svelte';
import { connectToCore } from './lib/api';
import { prefetchFirstOffers } from './lib/firstOffers';
import { t } from './lib/i18n.svelte';
import { applyRememberedTheme } from './lib/theme';

// A forced light or dark from the first frame, not after the core's first answer.
applyRememberedTheme();
const target = document.getElementById('app');
if (!target) throw new Error(t('app.noAppElement'));
const api = connectToCore();
mount(App, { target, props: { api, firstOffers: api ? prefetchFirstOffers(api) : null } });
