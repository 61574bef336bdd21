import { mount } from 'svelte';
import './app.css';
import App from './App.svelte';
import { connectToCore } from './lib/api';

const target = document.getElementById('app');
if (!target) throw new Error('The page has no #app element.');
mount(App, { target, props: { api: connectToCore() } });
