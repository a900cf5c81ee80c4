# Tables of the sixteenth corpus (seeded), written blind: before any run of
# the analyst on them. Domains that no earlier corpus has: winter road
# gritting runs, hair salon appointments, lab plate-assay runs, catering
# events, dairy milk collections. Each table uses its own column-naming style.
import datetime as dt
import numpy as np
import pandas as pd

rng = np.random.default_rng(16_2025)


def pick(options, p, n=None):
    return rng.choice(options, size=n, p=np.array(p) / np.sum(p))


def dates(start, days, n):
    d = pd.Timestamp(start) + pd.to_timedelta(np.sort(rng.integers(0, days, n)), unit="D")
    return d.strftime("%Y-%m-%d")


# Gritting runs (council highways depot export, SHOUTING_CAPS): one row per
# gritter run over winter 2024-25.
n = 172
depots = pick(["NORTHGATE", "RIVERSIDE", "HILLTOP", "EASTFIELD"], [0.34, 0.27, 0.24, 0.15], n)
route = pick(["P1", "P2", "FOOTWAY"], [0.55, 0.32, 0.13], n)
trigger = pick(["FORECAST", "PATROL", "CALLOUT"], [0.62, 0.23, 0.15], n)
temp = np.round(rng.normal(-1.2, 2.3, n), 1)
temp[depots == "HILLTOP"] -= 1.5
temp = np.round(temp, 1)
dist = np.round(np.where(route == "P1", rng.normal(48, 9, n), np.where(route == "P2", rng.normal(36, 8, n), rng.normal(12, 3, n))).clip(5), 1)
salt = np.round(dist * rng.uniform(0.08, 0.14, n) * np.where(temp < -3, 1.5, 1.0), 2)
plough = np.where((temp < -2.5) & (rng.random(n) < 0.55), "Y", "N")
dur = np.round(dist / rng.uniform(0.35, 0.6, n) + np.where(plough == "Y", rng.integers(20, 70, n), 0)).astype(int)
crew = np.where(plough == "Y", 2, pick([1, 2], [0.7, 0.3], n))
g = pd.DataFrame({
    "RUN_ID": [f"GR-{i:04d}" for i in range(1, n + 1)],
    "RUN_DATE": dates("2024-11-04", 140, n),
    "DEPOT": depots,
    "ROUTE_CLASS": route,
    "TRIGGER": trigger,
    "SALT_T": salt,
    "DIST_KM": dist,
    "DUR_MIN": dur,
    "ROAD_TEMP_C": temp,
    "CREW_CNT": crew,
    "PLOUGH_USED": plough,
})
g.to_csv("gritting_runs_winter24-25.csv", index=False)

# Salon appointments (booking system export, Title Case With Spaces): one
# row per appointment in Q3.
n = 188
stylist = pick(["Maya", "Jordan", "Priya", "Luca", "Ines"], [0.28, 0.24, 0.2, 0.16, 0.12], n)
service = pick(["Cut & Blow-Dry", "Colour", "Highlights", "Men's Cut", "Blow-Dry", "Treatment"], [0.3, 0.18, 0.14, 0.2, 0.1, 0.08], n)
base = {"Cut & Blow-Dry": (55, 60), "Colour": (95, 120), "Highlights": (130, 150), "Men's Cut": (28, 30), "Blow-Dry": (35, 40), "Treatment": (45, 45)}
price = np.array([base[s][0] for s in service]) * rng.uniform(0.9, 1.25, n)
price = np.round(price / 5) * 5
mins = np.array([base[s][1] for s in service]) + rng.integers(-5, 25, n)
channel = pick(["Online", "Phone", "Walk-in", "Instagram"], [0.46, 0.27, 0.17, 0.10], n)
new = np.where(rng.random(n) < np.where(channel == "Instagram", 0.55, 0.22), "Yes", "No")
tip = np.round(price * rng.uniform(0, 0.2, n) * (rng.random(n) < 0.7), 2)
products = pick([0, 1, 2, 3], [0.62, 0.25, 0.1, 0.03], n)
rating = pick([5, 4, 3, 2], [0.58, 0.3, 0.09, 0.03], n).astype(float)
rating[rng.random(n) < 0.2] = np.nan
s = pd.DataFrame({
    "Appointment Date": dates("2024-07-01", 92, n),
    "Stylist": stylist,
    "Service": service,
    "Booking Channel": channel,
    "Duration (mins)": mins,
    "Price ($)": price,
    "Tip ($)": tip,
    "Products Sold": products,
    "Client Rating": rating,
    "New Client": new,
})
s.to_csv("Salon Appointments Q3.csv", index=False)

# Plate-assay runs (lab LIMS export, camelCase): one row per plate run.
n = 146
assay = pick(["ELISA", "BCA", "Bradford", "qPCR"], [0.38, 0.25, 0.15, 0.22], n)
instrument = np.where(assay == "qPCR", pick(["CFX-1", "CFX-2"], [0.6, 0.4], n), pick(["SpectraMax", "Synergy"], [0.55, 0.45], n))
operator = pick(["AK", "BL", "CM", "DN", "EO"], [0.3, 0.25, 0.2, 0.15, 0.1], n)
samples = np.where(assay == "qPCR", rng.integers(24, 97, n), rng.integers(8, 89, n))
incub = np.where(assay == "ELISA", rng.choice([60, 90, 120], n), np.where(assay == "qPCR", rng.choice([80, 95, 110], n), rng.choice([5, 10, 30], n)))
cv = np.round(rng.gamma(3, 2.1, n) + np.where(operator == "EO", 3, 0), 2)
signal = np.round(np.where(assay == "qPCR", rng.normal(24, 3, n), rng.lognormal(-0.3, 0.4, n)), 3)
temp = np.round(rng.normal(23.5, 1.2, n), 1)
passed = (cv < 12) & (rng.random(n) > 0.05)
a = pd.DataFrame({
    "runDate": dates("2025-01-06", 120, n),
    "assayType": assay,
    "instrument": instrument,
    "operator": operator,
    "sampleCount": samples,
    "meanSignal": signal,
    "cvPct": cv,
    "incubationMin": incub,
    "labTempC": temp,
    "passedQC": passed,
})
a.to_csv("plateAssayRuns.csv", index=False)

# Catering events (small business job sheet, abbreviated snake_case): one
# row per event catered in 2024.
n = 134
etype = pick(["Wedding", "Corporate lunch", "Birthday", "Funeral", "Conference"], [0.3, 0.32, 0.18, 0.08, 0.12], n)
style = pick(["Buffet", "Plated", "Canapes", "BBQ"], [0.4, 0.25, 0.22, 0.13], n)
guests = np.where(etype == "Wedding", rng.integers(60, 180, n), np.where(etype == "Conference", rng.integers(80, 250, n), rng.integers(15, 90, n)))
per_head = np.where(style == "Plated", 48, np.where(style == "Buffet", 32, np.where(style == "BBQ", 28, 22))) * rng.uniform(0.85, 1.3, n)
quote = np.round(guests * per_head, -1)
food = np.round(quote * rng.uniform(0.28, 0.42, n), 2)
staff = np.round(guests / rng.uniform(8, 15, n) * rng.uniform(4, 7, n) / 2) / 2 * 2
staff = np.round(staff, 1)
dur = np.round(np.where(etype == "Wedding", rng.uniform(5, 9, n), rng.uniform(2, 5, n)) * 2) / 2
repeat = np.where(rng.random(n) < np.where(etype == "Corporate lunch", 0.6, 0.2), "Y", "N")
dist = np.round(rng.gamma(2, 9, n), 1)
c = pd.DataFrame({
    "evt_date": dates("2024-01-10", 350, n),
    "evt_type": etype,
    "svc_style": style,
    "guest_cnt": guests,
    "quote_amt": quote,
    "food_cost_amt": food,
    "staff_hrs": staff,
    "dur_hrs": dur,
    "travel_km": dist,
    "repeat_client": repeat,
})
c.to_csv("catering_jobs_2024.csv", index=False)

# Milk collections (dairy co-op tanker log, sentence case with units in
# brackets): one row per farm pick-up.
n = 164
farms = {"Ashby Farm": 0.2, "Brook Hollow": 0.16, "Cedar Lea": 0.14, "Dunmore": 0.13, "Elm Grange": 0.12, "Fernside": 0.1, "Gorse Hill": 0.09, "Holt End": 0.06}
route_of = {"Ashby Farm": "North loop", "Brook Hollow": "Valley", "Cedar Lea": "North loop", "Dunmore": "Coast road", "Elm Grange": "Valley", "Fernside": "North loop", "Gorse Hill": "Coast road", "Holt End": "Valley"}
herd = {"Ashby Farm": 9000, "Brook Hollow": 6500, "Cedar Lea": 5200, "Dunmore": 7400, "Elm Grange": 4300, "Fernside": 3800, "Gorse Hill": 5600, "Holt End": 2500}
farm = pick(list(farms), list(farms.values()), n)
vol = np.round(np.array([herd[f] for f in farm]) * rng.normal(1, 0.12, n)).astype(int)
fat = np.round(rng.normal(4.1, 0.3, n), 2)
protein = np.round(fat * 0.8 + rng.normal(0.1, 0.12, n), 2)
mtemp = np.round(rng.normal(3.6, 0.9, n), 1)
scc = np.round(rng.lognormal(5.2, 0.45, n)).astype(int)
rejected = np.where((mtemp > 6) | (scc > 400) | (rng.random(n) < 0.02), "yes", "no")
m = pd.DataFrame({
    "Collection date": dates("2025-03-01", 61, n),
    "Farm": farm,
    "Route": [route_of[f] for f in farm],
    "Driver": pick(["Tom", "Gwen", "Raj"], [0.45, 0.35, 0.2], n),
    "Volume (L)": vol,
    "Fat (%)": fat,
    "Protein (%)": protein,
    "Milk temp (°C)": mtemp,
    "SCC (k/mL)": scc,
    "Rejected": rejected,
})
m.to_csv("milk_collections_mar-apr.csv", index=False)
