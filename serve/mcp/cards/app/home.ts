// The home card's entry: get_home's answer, drawn by home-view.ts.
import './jitless.ts';
import { renderHome, type HomeAnswer } from './home-view.ts';
import { root, startCard } from './shared.ts';

startCard<HomeAnswer>('home', (answer, app) => renderHome(root(), answer, app));
