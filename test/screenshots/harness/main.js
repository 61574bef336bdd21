/* global document */
// Mounts the screenshot components on a bare page for the Chromium tests; never shipped.
import { mount } from 'svelte';
import '../../../renderer/src/app.css';
import Harness from './Harness.svelte';

const target = document.getElementById('app');
mount(Harness, { target });
