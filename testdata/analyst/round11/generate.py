# Tables of the eleventh corpus (seeded), written before any run of the
# analyst on them. Domains that no earlier corpus has: a bicycle repair
# workshop, a conference programme, airport mishandled-baggage reports, a
# vineyard harvest, and wind-farm maintenance work orders. File names do not
# always name the rows (workshop_tickets = repairs, programme = talks,
# wo_export = work orders).
import csv
import datetime as dt
import numpy as np

rng = np.random.RandomState(20241111)


def w(name, header, rows):
    with open(name, "w", newline="") as f:
        c = csv.writer(f)
        c.writerow(header)
        c.writerows(rows)


def pick(options, p=None):
    return options[rng.choice(len(options), p=p)]


# Bicycle workshop: one row per repair ticket.
rows = []
svc = {  # service: (base labour minutes, base parts usd)
    "flat repair": (20, 12), "brake bleed": (45, 25), "tune-up": (75, 30),
    "drivetrain": (95, 110), "wheel truing": (40, 8), "e-system diag": (60, 70),
}
svc_names = list(svc)
bikes = ["road", "mountain", "hybrid", "e-bike", "cargo", "kids"]
for i in range(172):
    d = dt.date(2024, 3, 1) + dt.timedelta(days=int(rng.randint(0, 184)))
    bike = pick(bikes, [0.22, 0.2, 0.24, 0.18, 0.06, 0.10])
    s = pick(svc_names, [0.24, 0.14, 0.22, 0.16, 0.12, 0.12] if bike == "e-bike" else [0.28, 0.16, 0.24, 0.18, 0.14, 0.0])
    lab, parts = svc[s]
    lab = int(max(10, lab * rng.uniform(0.6, 1.7) + (20 if bike in ("e-bike", "cargo") else 0)))
    parts = round(max(0.0, parts * rng.uniform(0.3, 2.2)), 2)
    total = round(lab / 60 * 72 + parts, 2)
    warranty = "Y" if rng.rand() < 0.13 else "N"
    days = int(max(0, rng.poisson(2.5) + (3 if s == "drivetrain" else 0)))
    rating = int(np.clip(round(rng.normal(4.3 - 0.15 * days / 3, 0.8)), 1, 5))
    rows.append([d.isoformat(), bike, s, pick(["Rosa", "Tomek", "Jun", "Malik"], [0.3, 0.26, 0.24, 0.2]),
                 lab, parts, total, warranty, days, rating])
rows.sort(key=lambda r: r[0])
rows = [[f"WT-{1001 + i}"] + r for i, r in enumerate(rows)]
w("workshop_tickets.csv", ["ticket_no", "recv_dt", "bike_type", "svc_type", "mechanic", "labour_min",
                           "parts_usd", "total_usd", "warranty", "days_in_shop", "cust_rating"], rows)

# Conference programme: one row per session (talk, workshop, panel...).
rows = []
tracks = ["AI/ML", "Web", "Security", "Data", "DevOps"]
rooms = {"Auditorium": 600, "Hall A": 350, "Hall B": 300, "Room 101": 120, "Room 102": 90}
countries = ["US", "DE", "UK", "IN", "FR", "NL", "BR", "JP", "CA", "PL", "ES", "SE", "NG", "AU"]
fmt_len = {"talk": [30, 45], "lightning": [10], "workshop": [90, 120], "panel": [60]}
days = [dt.date(2024, 10, 14) + dt.timedelta(days=k) for k in range(4)]
for i in range(150):
    fmt = pick(list(fmt_len), [0.6, 0.15, 0.13, 0.12])
    keynote = fmt == "talk" and rng.rand() < 0.08
    room = "Auditorium" if keynote else pick(list(rooms), [0.1, 0.25, 0.25, 0.22, 0.18])
    track = pick(tracks, [0.28, 0.2, 0.18, 0.2, 0.14])
    cap = rooms[room]
    att = int(min(cap, cap * rng.uniform(0.25, 0.95) * (1.3 if keynote else 1)))
    rating = round(float(np.clip(rng.normal(4.05 + (0.3 if keynote else 0), 0.4), 2.0, 5.0)), 2)
    rows.append([pick(days, [0.28, 0.3, 0.27, 0.15]).isoformat(), track, room, fmt,
                 int(pick(fmt_len[fmt])), pick(countries), att, rating,
                 "TRUE" if keynote else "FALSE", "yes" if rng.rand() < 0.7 or keynote else "no"])
rows.sort(key=lambda r: (r[0], r[2]))
rows = [[f"S{i + 1:03d}"] + r for i, r in enumerate(rows)]
w("programme.csv", ["talk_id", "session_date", "track", "room", "format", "dur_min", "spkr_country",
                    "n_attendees", "avg_rating", "is_keynote", "video_recorded"], rows)

# Airport baggage: one row per mishandled-bag report (PIR).
rows = []
airlines = ["BA", "LH", "AF", "KL", "IB", "EI"]
origins = ["JFK", "CDG", "FRA", "AMS", "MAD", "DUB", "LHR", "FCO", "ORD"]
for i in range(184):
    d = dt.date(2024, 1, 1) + dt.timedelta(days=int(rng.randint(0, 182)))
    issue = pick(["delayed", "damaged", "pilfered", "lost"], [0.62, 0.24, 0.06, 0.08])
    wt = round(float(np.clip(rng.normal(17.5, 5), 3, 32)), 1)
    hrs = "" if issue == "lost" else (int(rng.gamma(2.0, 18)) + 2 if issue == "delayed" else int(rng.randint(0, 6)))
    if issue == "lost":
        comp = int(round(rng.uniform(600, 1500), -1))
    elif issue == "damaged":
        comp = int(round(rng.uniform(40, 400), -1)) if rng.rand() < 0.8 else 0
    elif issue == "pilfered":
        comp = int(round(rng.uniform(50, 300), -1))
    else:
        comp = int(round(min(300, 20 + hrs * rng.uniform(0.5, 3)), -1)) if rng.rand() < 0.45 else 0
    courier = "yes" if issue == "delayed" and rng.rand() < 0.8 else "no"
    rows.append([d.isoformat(), pick(airlines, [0.22, 0.2, 0.17, 0.16, 0.13, 0.12]),
                 pick(origins, [0.18, 0.13, 0.12, 0.12, 0.09, 0.08, 0.1, 0.08, 0.1]),
                 issue, wt, hrs, comp, courier])
rows.sort(key=lambda r: r[0])
rows = [[f"PIR{240001 + i}"] + r for i, r in enumerate(rows)]
w("mishandled_bags.csv", ["report_id", "rpt_dt", "airline", "origin", "issue", "bag_wt_kg",
                          "hrs_to_reunite", "comp_eur", "courier_delivery"], rows)

# Vineyard harvest 2024: one row per picked lot (bins from one block on one day).
rows = []
blocks = {"A1": "Chardonnay", "A2": "Chardonnay", "B1": "Pinot Noir", "B2": "Pinot Noir", "B3": "Pinot Noir",
          "C1": "Riesling", "C2": "Riesling", "D1": "Syrah", "D2": "Syrah", "E1": "Cabernet Sauvignon",
          "E2": "Cabernet Sauvignon", "E3": "Cabernet Sauvignon"}
ripe = {"Chardonnay": 0, "Pinot Noir": 8, "Riesling": 22, "Syrah": 30, "Cabernet Sauvignon": 42}
price = {"Chardonnay": 2100, "Pinot Noir": 3300, "Riesling": 1800, "Syrah": 2500, "Cabernet Sauvignon": 3800}
for i in range(141):
    b = pick(list(blocks))
    v = blocks[b]
    d = dt.date(2024, 8, 26) + dt.timedelta(days=int(np.clip(ripe[v] + rng.randint(-6, 15), 0, 62)))
    hand = rng.rand() < (0.8 if v in ("Pinot Noir", "Chardonnay") else 0.35)
    crew = int(rng.randint(6, 19)) if hand else int(rng.randint(2, 4))
    yld = round(float(rng.uniform(1.5, 6.5) * (0.8 if hand else 1.4)), 2)
    brix = round(float(rng.normal(23.2 + (0.9 if v in ("Syrah", "Cabernet Sauvignon") else 0) - (1.2 if v == "Riesling" else 0), 1.0)), 1)
    ph = round(float(rng.normal(3.45 + (brix - 23) * 0.04, 0.08)), 2)
    hrs = round(float(yld / (0.12 * crew if hand else 1.1) * rng.uniform(0.8, 1.2)), 1)
    rows.append([d.isoformat(), b, v, yld, brix, ph, "true" if hand else "false", crew, hrs,
                 int(price[v] + rng.randint(-3, 4) * 50)])
rows.sort(key=lambda r: (r[0], r[1]))
rows = [[f"H24-{i + 1:03d}"] + r for i, r in enumerate(rows)]
w("harvest_2024.csv", ["lot_id", "pick_date", "block", "varietal", "yield_t", "brix", "ph", "hand_picked",
                       "crew_size", "picking_hrs", "price_usd_per_t"], rows)

# Wind farm maintenance: one row per work order.
rows = []
sites = {"Brae Moor": "BM", "Kestrel Ridge": "KR", "Saltmarsh": "SM", "Hollin Fell": "HF"}
comps = {"gearbox": (120, 18000), "blade": (70, 9000), "generator": (90, 14000), "pitch system": (30, 2500),
         "yaw drive": (40, 3500), "converter": (20, 4000)}
for i in range(163):
    d = dt.datetime(2024, 1, 1, 6) + dt.timedelta(minutes=int(rng.randint(0, 60 * 24 * 273)))
    site = pick(list(sites), [0.3, 0.28, 0.22, 0.2])
    n_t = {"Brae Moor": 14, "Kestrel Ridge": 12, "Saltmarsh": 8, "Hollin Fell": 10}[site]
    tid = f"{sites[site]}-{int(rng.randint(1, n_t + 1)):02d}"
    comp = pick(list(comps), [0.12, 0.14, 0.1, 0.28, 0.16, 0.2])
    base_h, base_c = comps[comp]
    down = round(float(base_h * rng.lognormal(-0.3, 0.6)), 1)
    crane = comp in ("gearbox", "generator", "blade") and rng.rand() < 0.6
    prio = "P1" if down > 100 or (crane and rng.rand() < 0.5) else pick(["P2", "P3"], [0.55, 0.45])
    parts = int(round(base_c * rng.uniform(0.1, 1.8), -1))
    wind = round(float(np.clip(rng.normal(8.5, 3.5), 0.5, 24)), 1)
    mw = round(down * rng.uniform(0.6, 1.4) * 3.0 * 0.35, 1)
    rows.append([d.strftime("%Y-%m-%d %H:%M"), site, tid, comp, prio, down, int(rng.randint(1, 5) + (2 if crane else 0)),
                 parts, "TRUE" if crane else "FALSE", wind, mw])
rows.sort(key=lambda r: r[0])
rows = [[f"WO-24-{i + 1:04d}"] + r for i, r in enumerate(rows)]
w("wo_export.csv", ["wo_id", "opened_dt", "site", "turbine_id", "component", "priority", "downtime_hrs",
                    "techs_assigned", "parts_cost_eur", "crane_reqd", "wind_spd_ms", "energy_lost_mwh"], rows)
