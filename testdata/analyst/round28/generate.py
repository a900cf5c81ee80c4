# Tables of the twenty-eighth corpus (seeded, standard library only). Each
# is written next to this script. Domains: hotel housekeeping (hospitality),
# escape-room bookings (leisure), arts grant applications (culture), football
# GPS training loads (sport) and food bank parcels (community services).
import csv, datetime as dt, os, random

random.seed(280528)
HERE = os.path.dirname(os.path.abspath(__file__))


def w(name, header, rows):
    with open(os.path.join(HERE, name), "w", newline="") as f:
        c = csv.writer(f)
        c.writerow(header)
        c.writerows(rows)


# --- Hospitality: housekeeping room-clean log, one row per room visit. ---
types = {"Standard Double": 30, "Twin": 32, "Superior King": 38, "Family": 45, "Junior Suite": 55}
rooms = {}
for floor in range(1, 5):
    for n in range(1, 25):
        no = floor * 100 + n
        if n in (1, 2) and floor >= 3:
            rt = "Junior Suite"
        elif n <= 6:
            rt = "Superior King"
        elif n <= 9:
            rt = "Family"
        elif n % 3 == 0:
            rt = "Twin"
        else:
            rt = "Standard Double"
        rooms[no] = rt
attendants = ["Maria Santos", "Joanna Kowalska", "Li Wei", "Ama Owusu", "Tomasz Nowak", "Sofia Rossi"]
supervisors = ["Dev Patel", "Ciara Byrne", "Helen Marsh"]
rows = []
for day in range(14):
    d = dt.date(2024, 10, 1) + dt.timedelta(days=day)
    weekend = d.weekday() >= 4
    todays = random.sample(sorted(rooms), random.randint(22, 30))
    for no in todays:
        rt = rooms[no]
        r = random.random()
        if r < (0.48 if weekend else 0.38):
            ct = "Departure"
        elif r < 0.90:
            ct = "Stayover"
        elif r < 0.95:
            ct = "Refresh"
        else:
            ct = "Deep Clean"
        status = "Completed"
        if ct == "Stayover":
            s = random.random()
            status = "DND" if s < 0.13 else ("Service Refused" if s < 0.19 else "Completed")
        base = types[rt]
        dur = ""
        if status == "Completed":
            f = {"Departure": 1.0, "Stayover": 0.5, "Refresh": 0.3, "Deep Clean": 2.6}[ct]
            dur = max(6, int(round(base * f * random.uniform(0.8, 1.3))))
        credits = {"Departure": 1.0, "Stayover": 0.5, "Refresh": 0.25, "Deep Clean": 2.0}[ct] if status == "Completed" else 0
        linen = "Y" if status == "Completed" and (ct in ("Departure", "Deep Clean") or (ct == "Stayover" and random.random() < 0.35)) else "N"
        insp, score = "", ""
        if status == "Completed" and ct in ("Departure", "Deep Clean") and random.random() < 0.45:
            insp = random.choice(supervisors)
            score = min(100, int(random.gauss(88 if insp != "Helen Marsh" else 84, 7)))
        minibar = ""
        if rt in ("Superior King", "Junior Suite") and status == "Completed":
            minibar = random.choice([0, 0, 1, 2, 2, 3, 4, 5, 6])
        start = dt.datetime.combine(d, dt.time(8, 30)) + dt.timedelta(minutes=5 * random.randint(0, 84))
        rows.append([d.strftime("%d/%m/%Y"), start.strftime("%H:%M"), no, no // 100, rt, ct, random.choice(attendants),
                     status, dur, credits, linen, insp, score, minibar])
rows.sort(key=lambda r: (r[0][6:] + r[0][3:5] + r[0][:2], r[1], r[2]))
w("Housekeeping Log 01-14 Oct 2024.csv",
  ["Date", "Start", "Room No", "Floor", "Room Type", "Clean Type", "Attendant", "Status", "Duration (mins)", "Credits",
   "Linen Change", "Inspected By", "Insp Score (%)", "Minibar Restock (items)"], rows)

# --- Leisure: escape-room bookings, one row per booked game. ---
games = {"The Vault": (0.55, 2, 6), "Pharaoh's Tomb": (0.45, 2, 6), "Asylum Ward 9": (0.30, 3, 8), "Jewel Heist": (0.62, 2, 5), "Lab 13": (0.38, 2, 6)}
prices = {2: 60, 3: 78, 4: 92, 5: 105, 6: 114, 7: 126, 8: 136}
slots = ["10:00", "11:30", "13:00", "14:30", "16:00", "17:30", "19:00", "20:30"]
rows = []
taken = set()
ref = 48210
while len(rows) < 270:
    d = dt.date(2024, 7, 1) + dt.timedelta(days=random.randint(0, 183))
    if d.weekday() < 4 and random.random() < 0.45:
        continue
    game = random.choice(list(games))
    slot = random.choice(slots)
    if (d, game, slot) in taken:
        continue
    taken.add((d, game, slot))
    p_esc, lo, hi = games[game]
    gt = random.choice(["Friends", "Friends", "Family", "Family", "Birthday", "Corporate", "Hen/Stag", "Couple"])
    players = 2 if gt == "Couple" else random.randint(max(lo, 3 if gt == "Corporate" else lo), hi)
    ch = random.choice(["Website", "Website", "Website", "Website", "Phone", "Walk-in", "Gift Voucher", "Groupon"])
    price = prices[players]
    voucher = ""
    if ch == "Groupon":
        price = round(price * 0.5, 2)
    elif ch == "Gift Voucher":
        voucher = "GV-%05d" % random.randint(10000, 99999)
    elif random.random() < 0.12:
        voucher = random.choice(["SUMMER10", "STUDENT15", "XMAS10"])
        price = round(price * (0.85 if voucher == "STUDENT15" else 0.9), 2)
    hints = random.choice([0, 1, 1, 2, 2, 3, 3, 4, 5])
    esc = random.random() < p_esc + 0.03 * (players - 4) - 0.02 * max(0, hints - 3)
    t = round(random.uniform(38, 59.9), 1) if esc else ""
    gm = random.choice(["Jess", "Omar", "Kyle", "Priya"])
    ref += random.randint(1, 9)
    rows.append(["BK%d" % ref, "%s %s" % (d.isoformat(), slot), game, players, gt, ch, price, voucher,
                 "TRUE" if esc else "FALSE", t, hints, gm])
rows.sort(key=lambda r: r[1])
w("bookings_export_2024-07-01_to_2024-12-31.csv",
  ["booking_ref", "session_start", "room_name", "players", "group_type", "booking_channel", "price_paid_gbp", "voucher_code",
   "escaped", "escape_time_mins", "hints_used", "game_master"], rows)

# --- Culture: arts grant applications, one row per application. ---
artforms = ["Music", "Theatre", "Visual Arts", "Dance", "Literature", "Combined Arts", "Film"]
regions = ["North East", "North West", "Yorkshire", "Midlands", "London", "South East", "South West"]
rows = []
for i in range(190):
    rec = dt.date(2024, 4, 1) + dt.timedelta(days=int(random.triangular(0, 364, 250)))
    art = random.choice(artforms)
    reg = random.choices(regions, weights=[8, 12, 10, 13, 22, 14, 9])[0]
    typ = "Individual" if random.random() < 0.55 else "Organisation"
    first = "Yes" if random.random() < (0.45 if typ == "Individual" else 0.2) else "No"
    req = int(round(random.uniform(1500, 15000), -2)) if typ == "Individual" else int(round(random.lognormvariate(10.1, 0.6), -2))
    req = min(req, 100000)
    score = round(min(10, max(1, random.gauss(6.2, 1.6))), 1)
    if rec > dt.date(2025, 2, 10) and random.random() < 0.8:
        dec = "Pending"
    elif random.random() < 0.04:
        dec = "Withdrawn"
    else:
        dec = "Awarded" if score >= 6.5 and random.random() < 0.85 else "Declined"
    awarded, ddate = "", ""
    if dec in ("Awarded", "Declined"):
        ddate = (rec + dt.timedelta(days=random.randint(42, 98))).isoformat()
    if dec == "Awarded":
        awarded = req if random.random() < 0.6 else int(round(req * random.uniform(0.6, 0.95), -2))
    if dec in ("Pending", "Withdrawn"):
        score = ""
    rows.append(["AG-24-%04d" % (i + 1), rec.isoformat(), art, reg, typ, first, req, dec, ddate, awarded, score,
                 random.choice([3, 6, 6, 9, 12, 12, 18, 24])])
rows.sort(key=lambda r: (r[1], r[0]))
for i, r in enumerate(rows):
    r[0] = "AG-24-%04d" % (i + 1)  # numbered in order of receipt
w("ArtsGrants_Applications_FY24-25.csv",
  ["ApplicationID", "DateReceived", "Artform", "Region", "ApplicantType", "FirstTimeApplicant", "AmountRequested",
   "Decision", "DecisionDate", "AmountAwarded", "AssessorScore", "ProjectMonths"], rows)

# --- Sport: football first-team GPS export, one row per player per session. ---
squad = [("J. Okonkwo", "Goalkeeper"), ("M. Hale", "Goalkeeper"), ("R. Ferreira", "Centre Back"), ("D. Walsh", "Centre Back"),
         ("K. Adeyemi", "Centre Back"), ("L. Grant", "Full Back"), ("S. Byrne", "Full Back"), ("T. Kaur", "Full Back"),
         ("A. Novak", "Midfielder"), ("C. Mensah", "Midfielder"), ("P. Duarte", "Midfielder"), ("E. Lindholm", "Midfielder"),
         ("N. Osei", "Winger"), ("B. Carter", "Winger"), ("F. Morales", "Winger"), ("H. Quinn", "Striker"), ("G. Petrov", "Striker")]
prof = {"Goalkeeper": (5200, 0.01, 24.5), "Centre Back": (9600, 0.05, 30.5), "Full Back": (10400, 0.09, 32.5),
        "Midfielder": (11300, 0.07, 30.8), "Winger": (10500, 0.11, 33.6), "Striker": (9900, 0.09, 32.8)}
speedbonus = {n: random.uniform(-1.2, 1.2) for n, _ in squad}
sessions = []
wk = dt.date(2024, 9, 2)
while wk <= dt.date(2024, 10, 28):
    sessions.append((wk, "Recovery"))
    sessions.append((wk + dt.timedelta(days=3), "Training"))
    sessions.append((wk + dt.timedelta(days=5), "Match"))
    if wk == dt.date(2024, 10, 7):
        sessions.append((wk + dt.timedelta(days=1), "Match"))
    wk += dt.timedelta(days=7)
rows = []
for d, st in sorted(sessions):
    if st == "Match":
        outfield = [p for p in squad if p[1] != "Goalkeeper"]
        starters = [squad[0]] + random.sample(outfield, 10)
        rest = [p for p in outfield if p not in starters]
        subs = random.sample(rest, 3)
        who = [(p, 95 if p in starters else random.randint(8, 35)) for p in starters + subs]
        for i, (p, m) in enumerate(who[:14]):
            if i in (9, 10, 11) and random.random() < 0.5 and p in starters:
                who[i] = (p, random.randint(60, 85))
    else:
        who = [(p, random.randint(45, 80) if st == "Training" else random.randint(30, 45)) for p in random.sample(squad, random.randint(12, 16))]
    for (name, pos), mins in who:
        base, hsr_f, vmax = prof[pos]
        if st == "Match":
            dist = base * mins / 95 * random.uniform(0.9, 1.1)
            hsr = dist * hsr_f * random.uniform(0.7, 1.3)
            top = vmax + speedbonus[name] + random.uniform(-1.5, 1.0)
            rpe = random.choice([7, 8, 8, 9, 9, 10]) if mins > 45 else random.choice([5, 6, 7])
        elif st == "Training":
            dist = base * 0.62 * mins / 70 * random.uniform(0.85, 1.15)
            hsr = dist * hsr_f * 0.6 * random.uniform(0.6, 1.4)
            top = vmax * 0.9 + speedbonus[name] + random.uniform(-2.0, 1.0)
            rpe = random.choice([4, 5, 5, 6, 6, 7, 8])
        else:
            dist = base * 0.3 * random.uniform(0.85, 1.15)
            hsr = dist * hsr_f * 0.1 * random.uniform(0, 1)
            top = vmax * 0.7 + random.uniform(-2.0, 1.0)
            rpe = random.choice([2, 2, 3, 3, 4])
        sprints = int(hsr / 38 * random.uniform(0.6, 1.1))
        load = round(dist / 100 * random.uniform(0.95, 1.15), 1)
        rows.append([d.isoformat(), st, name, pos, mins, int(dist), int(hsr), sprints, round(top, 1),
                     int(dist / 180 * random.uniform(0.7, 1.3)), load, "" if random.random() < 0.08 else rpe])
w("GPS_Export_FirstTeam_Sep-Oct2024.csv",
  ["Date", "Session Type", "Player Name", "Position", "Duration (min)", "Total Distance (m)", "HSR Distance (m)",
   "Sprint Efforts", "Max Speed (km/h)", "Accelerations", "Player Load", "RPE"], rows)

# --- Community services: food bank vouchers fulfilled, one row per parcel. ---
centres = ["St Mark's Church", "Eastfield Community Hub", "Hillside Centre", "Riverside Library"]
agencies = ["Citizens Advice", "Citizens Advice", "Jobcentre Plus", "GP Surgery", "Social Services", "School", "Housing Association",
            "Housing Association", "Children's Centre", "Mental Health Team"]
reasons = ["Benefit delays", "Benefit delays", "Low income", "Low income", "Low income", "Debt", "Debt", "Sickness", "Homeless",
           "Domestic abuse", "Other"]
districts = ["LS8", "LS9", "LS9", "LS11", "LS12", "LS14", "LS14", "LS15", "LS6", "LS7"]
rows = []
for i in range(340):
    d = dt.date(2025, 1, 2) + dt.timedelta(days=random.randint(0, 178))
    if d.weekday() == 6:
        d += dt.timedelta(days=1)
    adults = random.choices([1, 2, 3], weights=[55, 38, 7])[0]
    children = random.choices([0, 1, 2, 3, 4, 5], weights=[45, 18, 18, 11, 6, 2])[0]
    size = adults + children
    reason = random.choice(reasons)
    if reason == "Homeless":
        ptype = "No-Cook"
    elif size == 1:
        ptype = "Single"
    elif children and random.random() < 0.12:
        ptype = "Baby"
    elif size >= 4:
        ptype = "Family"
    else:
        ptype = "Standard"
    wt = round({"Single": 9, "Standard": 14, "Family": 17, "Baby": 15, "No-Cook": 7}[ptype] + 2.2 * size * random.uniform(0.7, 1.2), 1)
    diet = random.choices(["", "Halal", "Vegetarian", "Gluten Free", "Diabetic"], weights=[80, 8, 6, 3, 3])[0]
    rows.append(["FB%06d" % (301200 + i * 3 + random.randint(0, 2)), d.strftime("%d-%b-%Y"), random.choices(centres, weights=[35, 30, 20, 15])[0],
                 random.choice(agencies), reason, adults, children, size, ptype, wt, "Y" if random.random() < 0.22 else "N",
                 "Y" if random.random() < 0.38 else "N", diet, random.choice(districts)])
rows.sort(key=lambda r: (dt.datetime.strptime(r[1], "%d-%b-%Y"), r[0]))
w("foodbank_vouchers_jan-jun_2025.csv",
  ["Voucher No", "Date Fulfilled", "Distribution Centre", "Referral Agency", "Crisis Reason", "Adults", "Children",
   "Household Size", "Parcel Type", "Weight (kg)", "Home Delivery", "Repeat Client", "Dietary Req", "Postcode District"], rows)
