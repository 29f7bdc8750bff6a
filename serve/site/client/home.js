// The home page's script, served from our own origin. It only adds to a page that already works
// without it: suggestions as you type (the ARIA 1.2 combobox pattern) and a map (Leaflet, also
// served from our origin) whose list follows what is in view. Everything the server sends is
// put on the page as text, never as markup.
(function () {
  'use strict';

  var SUGGEST_LIMIT = 6;
  var LIST_LIMIT = 50;
  // California with a margin; in-bounds boxes are clamped to it (the server refuses bigger boxes).
  var CA = { south: 32.3, west: -124.6, north: 42.2, east: -114.0 };

  function el(tag, attrs, children) {
    var node = document.createElement(tag);
    if (attrs) {
      Object.keys(attrs).forEach(function (key) {
        if (key === 'text') node.textContent = attrs[key];
        else if (key === 'className') node.className = attrs[key];
        else node.setAttribute(key, attrs[key]);
      });
    }
    (children || []).forEach(function (child) {
      if (child !== null && child !== undefined) node.appendChild(typeof child === 'string' ? document.createTextNode(child) : child);
    });
    return node;
  }

  function getJson(url, signal) {
    return fetch(url, { signal: signal, headers: { accept: 'application/json' }, credentials: 'same-origin' }).then(function (response) {
      return response.json().then(function (body) {
        if (!response.ok) throw new Error((body && body.error) || 'HTTP ' + response.status);
        return body;
      });
    });
  }

  function plural(count, one, many) {
    return count.toLocaleString('en-US') + ' ' + (count === 1 ? one : many);
  }

  // ---- Suggestions as you type -------------------------------------------------------------

  function setupSuggestions() {
    var input = document.getElementById('q');
    var listbox = document.getElementById('q-listbox');
    var status = document.getElementById('q-status');
    if (!input || !listbox || !status) return;

    input.setAttribute('role', 'combobox');
    input.setAttribute('aria-autocomplete', 'list');
    input.setAttribute('aria-expanded', 'false');
    input.setAttribute('aria-controls', 'q-listbox');

    var options = [];
    var active = -1;
    var timer = null;
    var inflight = null;
    var lastQuery = '';

    function close() {
      listbox.hidden = true;
      input.setAttribute('aria-expanded', 'false');
      input.removeAttribute('aria-activedescendant');
      active = -1;
    }

    function setActive(index) {
      options.forEach(function (option, i) {
        option.setAttribute('aria-selected', i === index ? 'true' : 'false');
      });
      active = index;
      if (index >= 0 && options[index]) {
        input.setAttribute('aria-activedescendant', options[index].id);
        options[index].scrollIntoView({ block: 'nearest' });
      } else input.removeAttribute('aria-activedescendant');
    }

    function open(index) {
      var option = options[index];
      if (option) window.location.assign(option.getAttribute('data-href'));
    }

    function render(body) {
      listbox.textContent = '';
      options = [];
      var items = [];
      body.counties.forEach(function (c) {
        items.push({ label: c.county + ' County', detail: 'County · ' + plural(c.listed_homes, 'listed home', 'listed homes'), href: c.page });
      });
      body.cities.forEach(function (c) {
        items.push({ label: c.city, detail: 'City in ' + c.county + ' County · ' + plural(c.listed_homes, 'listed home', 'listed homes'), href: c.page });
      });
      body.homes.forEach(function (h) {
        var place = [h.city, h.county ? h.county + ' County' : null].filter(Boolean).join(', ');
        var detail = 'Home' + (place ? ' in ' + place : '') + (h.license_closed ? ' · license ' + (h.license_status || 'closed') : '');
        items.push({ label: h.name, detail: detail, href: h.page });
      });
      items.forEach(function (item, i) {
        var option = el('li', { role: 'option', id: 'q-option-' + i, 'aria-selected': 'false', 'data-href': item.href, className: 'suggestion' }, [
          el('span', { className: 'suggestion-label', text: item.label }),
          el('span', { className: 'suggestion-detail', text: item.detail }),
        ]);
        option.addEventListener('mousedown', function (event) {
          event.preventDefault(); // keep focus in the input
        });
        option.addEventListener('click', function () {
          open(i);
        });
        listbox.appendChild(option);
        options.push(option);
      });
      if (items.length === 0) {
        close();
        status.textContent = 'No suggestions. Press Enter to search.';
        return;
      }
      listbox.hidden = false;
      input.setAttribute('aria-expanded', 'true');
      setActive(-1);
      status.textContent =
        plural(items.length, 'suggestion', 'suggestions') + ', alphabetical within counties, cities and homes. Use the up and down arrow keys to choose, Enter to open.';
    }

    function lookUp() {
      var q = input.value.trim();
      if (q.length < 2) {
        lastQuery = '';
        close();
        status.textContent = '';
        return;
      }
      if (q === lastQuery && !listbox.hidden) return;
      lastQuery = q;
      if (inflight) inflight.abort();
      inflight = typeof AbortController === 'function' ? new AbortController() : null;
      var url = '/api/facilities/suggest?q=' + encodeURIComponent(q.slice(0, 80)) + '&limit=' + SUGGEST_LIMIT;
      getJson(url, inflight ? inflight.signal : undefined).then(
        function (body) {
          if (input.value.trim() === q) render(body);
        },
        function (error) {
          if (error && error.name === 'AbortError') return;
          close();
          status.textContent = 'Suggestions are not available right now. Press Enter to search.';
        },
      );
    }

    input.addEventListener('input', function () {
      clearTimeout(timer);
      timer = setTimeout(lookUp, 150);
    });
    input.addEventListener('keydown', function (event) {
      var expanded = !listbox.hidden && options.length > 0;
      if (event.key === 'ArrowDown') {
        event.preventDefault();
        if (!expanded) {
          lastQuery = '';
          lookUp();
          return;
        }
        setActive(active + 1 >= options.length ? 0 : active + 1);
      } else if (event.key === 'ArrowUp') {
        if (!expanded) return;
        event.preventDefault();
        setActive(active - 1 < 0 ? options.length - 1 : active - 1);
      } else if (event.key === 'Enter') {
        if (expanded && active >= 0) {
          event.preventDefault();
          open(active);
        }
      } else if (event.key === 'Escape') {
        if (expanded) {
          event.preventDefault();
          close();
        } else if (input.value) {
          input.value = '';
        }
      }
    });
    input.addEventListener('blur', function () {
      setTimeout(close, 150);
    });
  }

  // ---- Map and the list of homes in view -----------------------------------------------------

  function setupMap() {
    var mapEl = document.getElementById('map');
    var listEl = document.getElementById('map-list');
    if (!mapEl || !listEl || typeof window.L === 'undefined') return;
    var L = window.L;
    // Each step of the start below is its own short task, so none holds the page for long.
    var later = function (step) {
      setTimeout(step, 0);
    };

    mapEl.hidden = false;
    document.getElementById('map-hint').hidden = false;
    var orderChoice = document.getElementById('map-order');
    var pointHint = document.getElementById('map-point-hint');
    orderChoice.hidden = false;

    var map = L.map(mapEl, { preferCanvas: true, zoomSnap: 0.5, minZoom: 5, maxZoom: 18, keyboard: true });
    map.fitBounds([
      [CA.south, CA.west],
      [CA.north, CA.east],
    ]);
    // Tiles are decoration: when none can be fetched the dots and the list still work.
    L.tileLayer(mapEl.getAttribute('data-tile-url'), {
      attribution: mapEl.getAttribute('data-tile-attribution'),
      maxZoom: 18,
      // Sharp tiles on high-density screens (a 256-pixel tile is never stretched past its pixels).
      detectRetina: true,
      crossOrigin: false,
    }).addTo(map);
    map.attributionControl.setPrefix('<a href="https://leafletjs.com">Leaflet</a>');

    var dots = L.layerGroup().addTo(map);
    var point = null;
    var pointMarker = null;
    var ignoreMovesUntil = 0;
    var refreshTimer = null;
    var inflight = null;
    var generation = 0;

    function order() {
      var checked = orderChoice.querySelector('input[name="map-order"]:checked');
      return checked ? checked.value : 'name';
    }

    function clamp(value, min, max) {
      return Math.min(max, Math.max(min, value));
    }

    function box() {
      var b = map.getBounds();
      var r = function (v) {
        return Math.round(v * 10000) / 10000;
      };
      var south = clamp(b.getSouth(), CA.south, CA.north);
      var north = clamp(b.getNorth(), CA.south, CA.north);
      var west = clamp(b.getWest(), CA.west, CA.east);
      var east = clamp(b.getEast(), CA.west, CA.east);
      return { south: r(south), west: r(west), north: r(north), east: r(east) };
    }

    function renderList(body) {
      listEl.textContent = '';
      var distance = body.order === 'distance';
      var summary =
        body.total === 0
          ? 'No listed homes in this part of the map. Zoom out or move the map.'
          : plural(body.total, 'listed home', 'listed homes') +
            ' in this part of the map, ' +
            (distance ? 'nearest first from the point you chose (straight-line distance).' : 'alphabetical by name.');
      listEl.appendChild(el('p', { className: 'map-summary', text: summary }));
      if (body.truncated) {
        listEl.appendChild(el('p', { className: 'muted', text: 'Showing the first ' + body.homes.length + '. Zoom in to see the rest.' }));
      }
      if (body.homes.length === 0) return renderNotOnMap(body.not_on_map);
      var list = el('ul', { className: 'homes' });
      body.homes.forEach(function (home) {
        var place = [home.city, home.county ? home.county + ' County' : null].filter(Boolean).join(', ');
        if (typeof home.distance_miles === 'number') place += ' · ' + home.distance_miles + ' miles';
        var show = el('button', { type: 'button', className: 'link-button', text: 'Show on map' });
        show.setAttribute('aria-label', 'Show on map: ' + home.name);
        show.addEventListener('click', function () {
          ignoreMovesUntil = Date.now() + 800;
          openSummary(home.license_number, L.latLng(home.latitude, home.longitude));
          mapEl.scrollIntoView({ block: 'nearest' });
        });
        list.appendChild(el('li', null, [el('a', { href: home.page, text: home.name }), ' ', el('span', { className: 'muted', text: place }), ' ', show]));
      });
      listEl.appendChild(list);
      renderNotOnMap(body.not_on_map);
    }

    // Homes with no location on file are in no part of the map: named under the list, never dropped silently.
    function renderNotOnMap(notOnMap) {
      if (!notOnMap || notOnMap.total === 0) return;
      listEl.appendChild(
        el('p', {
          className: 'map-unlocated',
          text:
            'Not on the map: ' +
            plural(notOnMap.total, 'listed home in California has', 'listed homes in California have') +
            ' no map location on file, so no part of the map shows ' +
            (notOnMap.total === 1 ? 'it' : 'them') +
            ':',
        }),
      );
      var list = el('ul', { className: 'not-on-map' });
      notOnMap.homes.forEach(function (home) {
        var place = [home.city, home.county ? home.county + ' County' : null].filter(Boolean).join(', ');
        list.appendChild(el('li', null, [el('a', { href: home.page, text: home.name }), ' ', el('span', { className: 'muted', text: place })]));
      });
      listEl.appendChild(list);
      if (notOnMap.total > notOnMap.homes.length) {
        listEl.appendChild(el('p', { className: 'muted', text: 'Showing the first ' + notOnMap.homes.length + '; every home is on its county page.' }));
      }
    }

    function refresh() {
      if (order() === 'distance' && !point) {
        pointHint.hidden = false;
      }
      var b = box();
      var url =
        '/api/facilities/in-bounds?south=' + b.south + '&west=' + b.west + '&north=' + b.north + '&east=' + b.east + '&limit=' + LIST_LIMIT;
      if (order() === 'distance' && point) {
        url += '&near=' + (Math.round(point.lat * 10000) / 10000) + ',' + (Math.round(point.lng * 10000) / 10000);
      }
      if (inflight) inflight.abort();
      inflight = typeof AbortController === 'function' ? new AbortController() : null;
      var mine = ++generation;
      listEl.setAttribute('aria-busy', 'true');
      getJson(url, inflight ? inflight.signal : undefined).then(
        function (body) {
          if (mine !== generation) return;
          listEl.removeAttribute('aria-busy');
          renderList(body);
        },
        function (error) {
          if (error && error.name === 'AbortError') return;
          listEl.removeAttribute('aria-busy');
          listEl.textContent = '';
          listEl.appendChild(el('p', { text: 'The list could not be loaded: ' + error.message + ' Try again in a minute.' }));
        },
      );
    }

    function scheduleRefresh() {
      if (Date.now() < ignoreMovesUntil) return;
      clearTimeout(refreshTimer);
      refreshTimer = setTimeout(refresh, 250);
    }

    function summaryContent(s) {
      var root = el('div', { className: 'map-popup' });
      root.appendChild(el('p', { className: 'map-popup-name' }, [el('a', { href: s.links.page, text: s.name })]));
      var a = s.address || {};
      root.appendChild(el('p', { text: [a.street, a.city, a.zip].filter(Boolean).join(', ') }));
      var facts = [];
      if (s.capacity !== null) facts.push(plural(s.capacity, 'licensed bed', 'licensed beds') + ' (' + s.size_words + ')');
      facts.push('License: ' + (s.license_status || 'not on file'));
      root.appendChild(el('p', { text: facts.join(' · ') }));
      var ca = s.care_approvals;
      root.appendChild(
        el('p', {
          text:
            'Care approvals: dementia ' + ca.dementia + '; hospice ' + ca.hospice + '; non-ambulatory ' + ca.non_ambulatory + '; bedridden ' + ca.bedridden + '.',
        }),
      );
      if (ca.closed_note) root.appendChild(el('p', { text: ca.closed_note }));
      if (s.phone) root.appendChild(el('p', null, ['Phone (state roster): ', el('a', { href: 'tel:' + s.phone.replace(/[^0-9+]/g, ''), text: s.phone })]));
      root.appendChild(el('p', { className: 'muted', text: s.never_in_this_data }));
      return root;
    }

    function openSummary(license, latlng) {
      var popup = L.popup({ maxWidth: 280, autoPanPadding: [16, 16] })
        .setLatLng(latlng)
        .setContent(el('p', { text: 'Loading…' }))
        .openOn(map);
      getJson('/api/facilities/' + encodeURIComponent(license)).then(
        function (summary) {
          popup.setContent(summaryContent(summary));
        },
        function (error) {
          popup.setContent(el('p', { text: 'This home could not be loaded: ' + error.message }));
        },
      );
    }

    function setPoint(latlng) {
      point = latlng;
      pointHint.hidden = true;
      if (pointMarker) pointMarker.setLatLng(latlng);
      else pointMarker = L.circleMarker(latlng, { radius: 9, color: '#8a1c00', weight: 3, fillColor: '#ffbf47', fillOpacity: 1, interactive: false }).addTo(map);
      refresh();
    }

    map.on('moveend', scheduleRefresh);
    map.on('click', function (event) {
      if (order() === 'distance') setPoint(event.latlng);
    });
    orderChoice.addEventListener('change', function () {
      if (order() === 'name') pointHint.hidden = true;
      refresh();
    });
    document.getElementById('map-use-centre').addEventListener('click', function () {
      setPoint(map.getCenter());
    });

    later(refresh);
    getJson('/api/facilities/all-points').then(
      function (body) {
        var style = { radius: 5, weight: 1, color: '#ffffff', fillColor: '#0b5cad', fillOpacity: 0.85 };
        // The dots go on in batches, one task each.
        var DOTS_PER_TASK = 500;
        function addDots(from) {
          body.points.slice(from, from + DOTS_PER_TASK).forEach(function (p) {
            var latlng = L.latLng(p[1], p[2]);
            L.circleMarker(latlng, style)
              .on('click', function () {
                openSummary(p[0], latlng);
              })
              .addTo(dots);
          });
          if (from + DOTS_PER_TASK < body.points.length) later(function () {
            addDots(from + DOTS_PER_TASK);
          });
        }
        later(function () {
          addDots(0);
        });
      },
      function () {
        /* the list still works without the dots */
      },
    );
  }

  // ---- Starting the map without holding back the page ------------------------------------------
  // Nothing of the map loads with the page: Leaflet, its stylesheet and the map start only once the
  // map's space is on screen, and then when the browser is idle, so searching is never held up by
  // the map (the front page's first interaction). Without JavaScript the space is not shown.

  /** Runs `then` once `target` is on screen (at once where the browser cannot tell). */
  function whenOnScreen(target, then) {
    if (typeof window.IntersectionObserver !== 'function') return then();
    var observer = new IntersectionObserver(function (entries) {
      if (!entries.some(function (entry) { return entry.isIntersecting; })) return;
      observer.disconnect();
      then();
    });
    observer.observe(target);
  }

  function whenIdle(then) {
    if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(then, { timeout: 1000 });
    else setTimeout(then, 0);
  }

  /** The map's stylesheet loads as `media="print"` so it never holds back the first paint; it is
   * switched on here, and `then` runs once it has loaded. */
  function whenMapStyled(then) {
    var css = document.getElementById('leaflet-css');
    if (!css) return then();
    css.media = 'all';
    if (css.sheet) return then();
    css.addEventListener('load', then, { once: true });
  }

  /** Leaflet, from our own origin (the address the page gives, so the CSP's 'self' covers it). */
  function loadLeaflet(then) {
    var mapEl = document.getElementById('map');
    var src = mapEl && mapEl.getAttribute('data-leaflet-src');
    if (typeof window.L !== 'undefined' || !src) return then();
    var script = document.createElement('script');
    script.src = src;
    script.addEventListener('load', function () {
      setTimeout(then, 0);
    });
    document.head.appendChild(script);
  }

  function startMap() {
    var space = document.querySelector('.map-live');
    if (!space) return;
    whenOnScreen(space, function () {
      whenIdle(function () {
        whenMapStyled(function () {
          loadLeaflet(setupMap);
        });
      });
    });
  }

  function start() {
    setupSuggestions();
    startMap();
  }

  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
  else start();
})();
