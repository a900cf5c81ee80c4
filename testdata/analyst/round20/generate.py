# Tables of the twentieth corpus (round20), seeded. Written blind, before any
# run of the analyst on them. Five domains that no earlier corpus has:
# rail punctuality (transport), campsite reservations (hospitality), radio
# ad spots (media), water bills (utilities) and cattle weigh-ins
# (agriculture). Each table is made to look like a different system's export.
import numpy as np
import pandas as pd

rng = np.random.default_rng(20240620)


def pick(options, p=None, n=None):
    return rng.choice(options, p=p, size=n)


# ---------------------------------------------------------------- rail
# One row per train service run; snake_case, ISO dates, True/False flags.
routes = {
    "Leeds-York": ("Northline", 41), "Leeds-Harrogate": ("Northline", 29),
    "York-Scarborough": ("Northline", 67), "Brighton-Hastings": ("Coastway", 52),
    "Brighton-Portsmouth": ("Coastway", 78), "Derby-Nottingham": ("Midland Rail", 26),
    "Birmingham-Derby": ("Midland Rail", 66),
}
route_p = [0.18, 0.12, 0.1, 0.16, 0.14, 0.15, 0.15]
reasons = ["signal failure", "train fault", "crew shortage", "weather", "trespass", "late-running freight"]
reason_p = [0.3, 0.24, 0.16, 0.12, 0.08, 0.1]
rows = []
start = pd.Timestamp("2024-04-01")
for i in range(230):
    route = pick(list(routes), route_p)
    op, dist = routes[route]
    day = start + pd.Timedelta(days=int(rng.integers(0, 91)))
    dep = f"{int(rng.integers(6, 22)):02d}:{int(pick([2, 12, 17, 24, 32, 42, 47, 54])):02d}"
    cars = int(pick([2, 3, 4, 6, 8], [0.2, 0.25, 0.25, 0.18, 0.12]))
    cancel_p = {"Northline": 0.05, "Coastway": 0.1, "Midland Rail": 0.07}[op]
    cancelled = rng.random() < cancel_p
    if cancelled:
        delay, pax = np.nan, np.nan
        reason = pick(reasons, reason_p)
    else:
        if rng.random() < 0.55:
            delay = int(rng.integers(0, 3))
        else:
            delay = int(min(95, 1 + rng.exponential(9 if op != "Coastway" else 12)))
            if day.dayofweek == 4:
                delay += int(rng.integers(0, 6))
        reason = pick(reasons, reason_p) if delay >= 3 else ""
        pax = int(cars * rng.integers(18, 72))
    svc = f"{int(rng.integers(1, 3))}{op[0]}{int(rng.integers(10, 99))}"
    rows.append([svc, day.strftime("%Y-%m-%d"), dep, op, route, dist, cars, cancelled, delay, reason, pax])
rail = pd.DataFrame(rows, columns=["service_id", "run_date", "sched_dep", "operator", "route", "dist_km",
                                   "cars", "cancelled", "delay_min", "disruption_reason", "pax_count"])
rail = rail.sort_values(["run_date", "sched_dep"]).reset_index(drop=True)
rail["pax_count"] = rail["pax_count"].astype("Int64")
rail["delay_min"] = rail["delay_min"].astype("Int64")
rail.to_csv("rail_punctuality_Q2_2024.csv", index=False)

# ---------------------------------------------------------------- campsite
# One row per reservation; Title Case headers, day-first dates, Yes/No.
first = ["Sarah", "Tom", "Aisha", "Gareth", "Niamh", "Oliver", "Priya", "Declan", "Megan", "Raj",
         "Hannah", "Luke", "Chloe", "Ewan", "Fatima", "Jack", "Isla", "Marcus", "Rhian", "Zoe"]
last = ["Whitfield", "Hughes", "Patel", "Morgan", "O'Brien", "Clarke", "Shah", "Murphy", "Evans",
        "Kaur", "Bennett", "Reid", "Lloyd", "Fraser", "Ahmed", "Turner", "Walsh", "Price"]
rate = {"Tent Pitch": 22, "Caravan Hookup": 34, "Glamping Pod": 68, "Cabin": 105}
rows = []
for i in range(210):
    camp = pick(["Pine Hollow", "Lakeside", "Bracken Ridge"], [0.38, 0.35, 0.27])
    pitch = pick(list(rate), [0.36, 0.3, 0.2, 0.14])
    month = int(pick([5, 6, 7, 8, 9], [0.12, 0.2, 0.27, 0.28, 0.13]))
    arr = pd.Timestamp(2024, month, 1) + pd.Timedelta(days=int(rng.integers(0, 30 if month in (6, 9) else 31)))
    nights = int(pick([1, 2, 3, 4, 5, 7, 10, 14], [0.1, 0.26, 0.2, 0.14, 0.1, 0.13, 0.04, 0.03]))
    adults = int(pick([1, 2, 3, 4], [0.12, 0.62, 0.1, 0.16]))
    kids = int(pick([0, 1, 2, 3, 4], [0.45, 0.2, 0.22, 0.1, 0.03]))
    pets = "Yes" if rng.random() < (0.3 if pitch in ("Tent Pitch", "Caravan Hookup") else 0.12) else "No"
    price = nights * (rate[pitch] * (1.15 if camp == "Lakeside" else 1.0) + (5 if pets == "Yes" else 0))
    if month in (7, 8):
        price *= 1.2
    channel = pick(["Website", "Phone", "Pitchup.com", "Walk-in"], [0.46, 0.2, 0.26, 0.08])
    deposit = "Yes" if channel == "Walk-in" or rng.random() < 0.82 else "No"
    guest = f"{pick(first)} {pick(last)}"
    rows.append([f"CR-{24000 + i * 7 + int(rng.integers(0, 6))}", guest, camp, pitch, arr.strftime("%d/%m/%Y"),
                 nights, adults, kids, pets, round(price, 2), deposit, channel])
camp = pd.DataFrame(rows, columns=["Booking Ref", "Lead Guest", "Campground", "Pitch Type", "Arrival Date", "Nights",
                                   "Adults", "Children", "Pets", "Total Price (£)", "Deposit Paid", "Booking Channel"])
camp.to_csv("Campsite Reservations export.csv", index=False, float_format="%.2f")

# ---------------------------------------------------------------- radio
# One row per booked ad spot; UPPER_CASE headers, YYYYMMDD dates, Y/N.
stations = {"Metro FM": 180, "Valley 98.2": 95, "Coast Gold": 120, "City Talk": 140}
dayparts = {"Breakfast": (6, 10, 1.6), "Daytime": (10, 15, 1.0), "Drive": (15, 19, 1.4),
            "Evening": (19, 24, 0.6), "Overnight": (0, 6, 0.25)}
advertisers = ["Harlow Motors", "Greenleaf Grocers", "Brightside Dental", "Summit Insurance",
               "Riverside Furniture", "QuickFix Plumbing", "Nova Mobile", "Cedar Bank", "Pizza Palazzo", "Sunny Travel"]
adv_p = [0.16, 0.14, 0.06, 0.11, 0.09, 0.07, 0.13, 0.1, 0.08, 0.06]
rows = []
for i in range(240):
    st = pick(list(stations), [0.32, 0.22, 0.24, 0.22])
    dp = pick(list(dayparts), [0.3, 0.25, 0.27, 0.12, 0.06])
    lo, hi, mult = dayparts[dp]
    t = f"{int(rng.integers(lo, hi)):02d}:{int(rng.integers(0, 60)):02d}:{int(pick([0, 15, 30, 45])):02d}"
    day = pd.Timestamp(2024, 10, 1) + pd.Timedelta(days=int(rng.integers(0, 31)))
    dur = int(pick([10, 20, 30, 60], [0.12, 0.2, 0.5, 0.18]))
    base = stations[st] * mult * dur / 30
    rate_usd = int(round(base * rng.uniform(0.85, 1.15)))
    aired = "N" if rng.random() < 0.08 else "Y"
    aud = round(stations[st] / 4 * mult * rng.uniform(0.7, 1.3), 1)
    rows.append([day.strftime("%Y%m%d"), t, st, pick(advertisers, adv_p), dp, dur, rate_usd, aired, aud])
radio = pd.DataFrame(rows, columns=["AIR_DATE", "AIR_TIME", "STATION", "ADVERTISER", "DAYPART", "DUR_SEC",
                                    "RATE_USD", "AIRED", "EST_AUD_000"])
radio = radio.sort_values(["AIR_DATE", "AIR_TIME"]).reset_index(drop=True)
radio.insert(0, "SPOT_ID", [f"SP{10400 + i}" for i in range(len(radio))])
radio.to_csv("SPOTS_EXPORT_OCT2024.csv", index=False)

# ---------------------------------------------------------------- water
# One row per monthly bill; camelCase headers, ISO dates, money as "$1,234.56",
# 1/0 and true/false flags.
districts = ["Northbank", "Millbrook", "Eastfield", "Old Quarter"]
accounts = []
for a in range(40):
    ctype = pick(["Residential", "Commercial", "Public"], [0.7, 0.22, 0.08])
    accounts.append((f"WA-{int(rng.integers(1000, 9999)):05d}", ctype, pick(districts, [0.3, 0.28, 0.24, 0.18]),
                     pick(["Smart", "Analogue"], [0.55, 0.45]),
                     pick(["Direct Debit", "Card", "Online Transfer", "Cheque"], [0.45, 0.25, 0.2, 0.1])))
rows = []
for m in range(1, 7):
    bill_date = (pd.Timestamp(2024, m, 1) + pd.offsets.MonthEnd(0)).strftime("%Y-%m-%d")
    for acc, ctype, dist, meter, method in accounts:
        base = {"Residential": 11, "Commercial": 85, "Public": 140}[ctype]
        season = 1 + 0.12 * (m - 3.5) / 2.5
        leak = rng.random() < (0.05 if meter == "Smart" else 0.03)
        usage = round(base * season * rng.uniform(0.6, 1.4) * (1.6 if leak else 1.0), 1)
        amount = 18.5 + usage * (2.95 if ctype == "Residential" else 2.6)
        ontime_p = {"Direct Debit": 0.97, "Card": 0.85, "Online Transfer": 0.8, "Cheque": 0.62}[method]
        rows.append([acc, ctype, dist, bill_date, meter, usage, f"${amount:,.2f}",
                     method, int(rng.random() < ontime_p), "true" if leak else "false"])
water = pd.DataFrame(rows, columns=["accountNo", "customerType", "district", "billDate", "meterType", "usageM3",
                                    "amountDue", "paymentMethod", "paidOnTime", "leakAlert"])
water.to_csv("WaterBills_export_2024H1.csv", index=False)

# ---------------------------------------------------------------- cattle
# One row per weigh-in, every animal weighed twice; abbreviated headers,
# day-first dd-mm-yyyy dates, yes/no.
sessions = [pd.Timestamp(d) for d in ["2024-03-05", "2024-04-02", "2024-04-30", "2024-06-04", "2024-07-09"]]
breeds = {"Angus": 455, "Hereford": 430, "Charolais": 490, "Murray Grey": 440}
paddocks = ["North Flat", "Creek", "Top Hill", "Long Paddock"]
handlers = ["Mick", "Jo", "Tane", "Priya"]
rows = []
for a in range(104):
    tag = f"T{3100 + a * 3 + int(rng.integers(0, 3))}"
    breed = pick(list(breeds), [0.38, 0.26, 0.2, 0.16])
    sex = pick(["Steer", "Heifer"], [0.55, 0.45])
    vacc = "yes" if rng.random() < 0.8 else "no"
    s = int(rng.integers(0, 4))
    s2 = min(4, s + int(pick([1, 2], [0.7, 0.3])))
    prev_date = sessions[s] - pd.Timedelta(days=int(rng.integers(28, 50)))
    wt = breeds[breed] * (0.9 if sex == "Heifer" else 1.0) * rng.uniform(0.75, 1.2)
    for d in (sessions[s], sessions[s2]):
        days = (d - prev_date).days
        gain = days * rng.normal(0.85 if sex == "Steer" else 0.7, 0.25)
        new = wt + gain
        bcs = float(np.clip(round(rng.normal(3.2, 0.5) * 2) / 2, 1.5, 5))
        if rng.random() < 0.03:
            bcs = np.nan
        rows.append([tag, breed, sex, pick(paddocks, [0.3, 0.25, 0.25, 0.2]), d.strftime("%d-%m-%Y"),
                     round(new), round(wt), days, bcs, vacc, pick(handlers, [0.34, 0.28, 0.22, 0.16])])
        wt, prev_date = round(new), d
cattle = pd.DataFrame(rows, columns=["tag_no", "breed", "sex", "paddock", "wgh_date", "wt_kg", "prev_wt_kg",
                                     "days_since_prev", "bcs", "vacc", "handler"])
order = pd.to_datetime(cattle["wgh_date"], format="%d-%m-%Y")
cattle = cattle.assign(_d=order).sort_values(["_d", "tag_no"]).drop(columns="_d")
cattle.to_csv("Cattle Weighins 2024.csv", index=False)
